/** Base of the three explorer views: loads a remote list through the shared client, and mirrors its state
 * (noKey, loading, ready, empty, error) into a context key `terminology.<name>.state` for the welcome views.
 * The error state is drawn as rows (errorNodes): the message, the trace id, Retry, Show Log, Set API Key. */
import * as vscode from 'vscode';
import type { ServiceClient } from '../api';
import type { ClientProvider } from '../platform/clientProvider';
import type { Logger } from '../base/logger';
import { describeError } from '../platform/errors';
import { errorNodes } from './errorNodes';
import type { Node } from './node';

export type { Node } from './node';

export type ViewState = 'noKey' | 'loading' | 'ready' | 'empty' | 'error';

export abstract class RemoteTree<T> implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<Node>;
  protected data: T[] | undefined;
  private loading: Promise<T[] | undefined> | undefined;
  state: ViewState = 'loading';
  /** The last load error, for the error welcome view and tests. */
  lastError: unknown;
  private readonly loaded = new vscode.EventEmitter<ViewState>();
  /** Fires after each load, with the resulting state. */
  readonly onDidLoad = this.loaded.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(readonly name: string, private readonly viewId: string, protected readonly clients: ClientProvider, protected readonly log: Logger) {
    this.view = vscode.window.createTreeView(viewId, { treeDataProvider: this, showCollapseAll: true });
    this.subscriptions = [this.view, this.changed, this.loaded, clients.onDidChange(() => this.refresh())];
  }

  protected abstract fetch(client: ServiceClient): Promise<T[]>;
  protected abstract rootNodes(data: T[]): Node[];

  refresh(): void {
    this.data = undefined;
    this.loading = undefined;
    this.failed = false;
    this.changed.fire(undefined);
  }

  /** After a failed load the view shows the error until the user retries (refresh), instead of calling a
   * failing service again on every redraw. */
  private failed = false;

  /** Redraws from the data at hand, without a request. */
  protected rerender(): void {
    this.changed.fire(undefined);
  }

  /** Current data, loading it first when needed. */
  async items(): Promise<T[] | undefined> {
    if (this.data) return this.data;
    if (this.failed) return undefined;
    this.loading ??= this.load();
    return this.loading;
  }

  getParent(node: Node): Node | undefined {
    return node.parent?.();
  }

  getTreeItem(node: Node): vscode.TreeItem {
    return node.treeItem();
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (node) return (await node.children?.()) ?? [];
    const data = await this.items();
    if (data) return this.rootNodes(data);
    return this.state === 'error' ? errorNodes(this.name, this.lastError) : [];
  }

  private async load(): Promise<T[] | undefined> {
    await this.setState('loading');
    try {
      const client = await this.clients.get();
      if (!client) {
        await this.setState('noKey');
        return undefined;
      }
      const data = await vscode.window.withProgress({ location: { viewId: this.viewId } }, () => this.fetch(client));
      this.data = data;
      this.lastError = undefined;
      await this.setState(data.length ? 'ready' : 'empty');
      return data;
    } catch (err) {
      this.lastError = err;
      this.failed = true;
      this.log.error(`${this.name}: ${describeError(err)}`);
      await this.setState('error');
      return undefined;
    } finally {
      this.loading = undefined;
    }
  }

  private async setState(state: ViewState): Promise<void> {
    this.state = state;
    await vscode.commands.executeCommand('setContext', `terminology.${this.name}.state`, state);
    if (state !== 'loading') this.loaded.fire(state);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
