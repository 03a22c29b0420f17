/** A row of an explorer tree: the tree base class (remoteTree) draws it, the error rows (errorNodes) are ones too. */
import type * as vscode from 'vscode';

export interface Node {
  treeItem(): vscode.TreeItem;
  children?(): Node[] | Promise<Node[]>;
  /** The node this one is shown under (none for root nodes); needed to reveal a node. */
  parent?(): Node | undefined;
}
