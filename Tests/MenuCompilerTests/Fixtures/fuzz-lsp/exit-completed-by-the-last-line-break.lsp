Content-Length: 145

{"jsonrpc":"2.0","id":1,"metho"d:"textDocument/hover","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":4,"character":8}}}Content-Length: 146

{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":5,"character":30}}}Content-Length: 150

{"jsonrpc":"2.0","id":3,"method":"textDocument/completion","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":5,"character":2}}}Content-Length: 152

{"jsonrpc":"2.0","id":4,"method":"textDocument/completion","params":","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":4,"character":8}}}Content-Length: 146

{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":5,"character"character":6},"context":{"includeDeclaration":true}}}Content-Length: 118

{"jsonrpc":"2.0","id":7,"method":"textDocument/documentSymbol","params":{"textDocument":{"uricter":2}}}Content-Length: 152

{"jsonrpc":"2.0","id":4,"method":"textDocument/completion","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":10,"character":45}}}Content-Length: 152

{"jsonrpc":"2.0","id":5,"method":"textDocument/definition","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":11,"character":31}}}Content-Length: 188

{"jsonrpc":"2.0","id":6,"method":"textDocument/references","params":{"textDocument":{"uri":"unti{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":10,"character":45}}}Content-Length: 152

{"jsonrpc":"2.0","id":5,"method":"textDocument/definition","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":11,"character":31}}}Content-Length: 188

{"jsonrpc":"2.0","id":6,"method":"textDocument/references","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":3,"character":6},"context":{"includeDeclaration":true}}}Content-Length: 118

{"jsonrpc":"2.0","id":7,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"untitled:fuzz.menu"}}}Content-Length: 123

{"jsonrpc":"2.0","id":8,"method":"textDocument/semanticTokens/full","params":{"textDocument":{"uri":"untitled:fuzz.menu"}}}Content-Length: 116

{"jsonrpc":"2.0","id":9,"method":"textDocument/foldingRange","params":{"textDocument":{"uri":"untitled
:fuzz.menu"}}}Content-Length: 219

{"jsonrpc":"2.0","id":10,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"range":{"start":{"line":0,"character":0},"end":{"line":20,"character":0}},"context":{"diagnostics":[]}}}Content-Length: 159

{"jsonrpc":"2.0","id":11,"method":"textDocument/formatting","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 45

{"jsonrpc":"2.0","id":12,"method":"shutdown"}Content-Length: 46

{"jsonrpc":"2.0","method":"exit","params":{}}