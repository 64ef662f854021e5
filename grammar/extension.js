// The VS Code side of menuc: highlighting comes from the grammar in
// package.json; this starts `menuc lsp` over stdio for diagnostics and
// the rest, when the menuc binary can be found.
'use strict';

const fs = require('fs');
const path = require('path');
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

/** The executable for `setting` (a name searched on PATH, or a path), or undefined. */
function findExecutable(setting) {
  const isFile = (candidate) => {
    try {
      return fs.statSync(candidate).isFile();
    } catch {
      return false;
    }
  };
  if (setting.includes(path.sep) || setting.includes('/')) {
    return isFile(setting) ? setting : undefined;
  }
  const extensions = process.platform === 'win32' ? ['.exe', ''] : [''];
  for (const directory of (process.env.PATH || '').split(path.delimiter)) {
    for (const extension of extensions) {
      const candidate = path.join(directory, setting + extension);
      if (isFile(candidate)) return candidate;
    }
  }
  return undefined;
}

async function activate(context) {
  const setting = vscode.workspace.getConfiguration('menuc').get('path', 'menuc');
  const command = findExecutable(setting);
  if (!command) {
    // Highlighting still works; the language server needs the binary.
    console.log(`menuc: '${setting}' not found; .menu files get highlighting only`);
    return;
  }
  const serverOptions = { command, args: ['lsp'], transport: TransportKind.stdio };
  const clientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'menu' },
      { scheme: 'untitled', language: 'menu' },
    ],
    synchronize: {
      // Rule settings live in menuc.json; the server rechecks when one changes.
      fileEvents: vscode.workspace.createFileSystemWatcher('**/menuc.json'),
    },
  };
  client = new LanguageClient('menuc', 'menuc language server', serverOptions, clientOptions);
  context.subscriptions.push({ dispose: () => client && client.stop() });
  await client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
