/** The API a VS Code webview gets once from its host page. */
interface VsCodeWebviewApi {
  postMessage(message: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeWebviewApi;
