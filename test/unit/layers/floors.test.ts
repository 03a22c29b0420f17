// The floors of src/ (eslint.config.mjs): an import that points up or sideways fails `npm run lint`. Each case lints
// one planted import as if it were in the file named, with the project's own configuration.
import * as assert from 'node:assert/strict';
import { ESLint } from 'eslint';
import { join } from 'node:path';

const repoRoot = join(__dirname, '..', '..', '..', '..');

describe('the floors of src/ (eslint.config.mjs)', function () {
  this.timeout(60_000);
  const eslint = new ESLint({ cwd: repoRoot });
  const messages = async (file: string, source: string) => {
    const [result] = await eslint.lintText(`${source}\nexport type Planted = typeof planted;\n`, { filePath: `${repoRoot}/${file}` });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  };

  it('refuses an upward import, a sideways one between features, and vscode in a floor that runs without it', async () => {
    const [up] = await messages('src/platform/planted.ts', "import type * as planted from '../trees/commandContext';");
    assert.match(up, /src\/platform may import only src\/base, src\/core, src\/api, src\/worker: arrows point down/);
    const [sideways] = await messages('src/documents/planted.ts', "import type * as planted from '../explorer/glossaryCommands';");
    assert.match(sideways, /src\/documents may import only/);
    const [core] = await messages('src/core/glossary/planted.ts', "import type * as planted from '../../api';");
    assert.match(core, /src\/core is a bottom floor/);
    const [vscode] = await messages('src/api/planted.ts', "import type * as planted from 'vscode';");
    assert.match(vscode, /src\/api runs without VS Code/);
  });

  it('lets a floor import the floors below it and its own folder', async () => {
    assert.deepEqual(await messages('src/documents/planted.ts', "import type * as planted from '../trees/commandContext';"), []);
    assert.deepEqual(await messages('src/core/glossary/planted.ts', "import type * as planted from '../fields';"), []);
    assert.deepEqual(await messages('src/webview/planted.ts', "import type * as planted from '../protocol/table';"), []);
  });
});
