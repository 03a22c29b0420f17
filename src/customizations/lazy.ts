/** Try Customizations…: the pickers, the translation and the preview. Bundled apart as dist/customizations.js and
 * loaded when it first runs (see ../platform/lazy.ts). */
export { makeTryCustomizations } from './tryCustomizations';
