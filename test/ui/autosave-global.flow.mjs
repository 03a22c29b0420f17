// Auto-save turned on globally only (the usual user setting): the extension's configurationDefaults keep it off
// for glossary TSV, so nothing is saved or pushed while typing; Ctrl+S pushes once.
import { autosave } from './autosave.flow.mjs';

export const title = 'auto-save (global setting only): a half-typed line is never pushed; Ctrl+S pushes once';

export const options = { settings: { 'files.autoSave': 'afterDelay', 'files.autoSaveDelay': 200 } };

export const run = (t) => autosave(t, { overridden: false });
