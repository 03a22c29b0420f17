/** The API a VS Code webview gets once from its host page. */
interface VsCodeWebviewApi {
  postMessage(message: unknown): void;
  /** What the page kept with setState: VS Code holds it while the tab is hidden (the page itself is dropped). */
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeWebviewApi;
