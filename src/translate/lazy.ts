/** "Translate with Glossary"'s command and action. Bundled apart as dist/translate.js and loaded when either first
 * runs (see ../platform/lazy.ts). */
export { translate, translateCommand } from './translateCommand';
