Content-Length: 231

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"untitled:fuzz.menu","version":2},"contentChanges":[{"range":{"start":{"line":4,"character":24},"end":{"line":4,"character":24}},"text":"\ud800"}]}}Content-Length: 225

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"untitled:fuzz.menu","version":3},"contentChanges":[{"range":{"start":{"line":6,"character":28},"end":{"line":6,"character":29}},"text":""}]}}Content-Length: 232

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"untitled:fuzz.menu","version":4},"contentChanges":[{"range":{"start":{"line":6,"character":27},"end":{"line":6,"character":27}},"text":"X\udc00"}]}}Content-Length: 146

{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":4,"character":40}}}Content-Length: 229

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"untitled:fuzz.menu","version":5},"contentChanges":[{"text":"menu A \"A\" {\n  item b \"[x](javascript:1)<img>\" { shortcut: \"cmd+`\" }\n}\n"}]}}Content-Length: 145

{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":1,"character":4}}}Content-Length: 151

{"jsonrpc":"2.0","id":3,"method":"textDocument/completion","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":1,"character":30}}}