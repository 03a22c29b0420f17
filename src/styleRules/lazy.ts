/** The style rule catalog (groups, rules, options, languages), the checks, completion, hover and push plan of a list's
 * JSON document, and the editor side over them (StyleLint). Bundled apart as dist/styleRules.js and loaded when a
 * style rule list is first read or open, or a command needs the catalog (see ../platform/lazy.ts). */
export { STYLE_LANGUAGES } from '../core/styleRules/catalog';
export { checkStyleDocument, isEmptyPlan, planPush, styleDocumentText } from '../core/styleRules/document';
export { StyleLint } from './styleLint';
export { styleListCommands } from './styleCommands';
