Content-Length: 7

[1,2,3]Content-Length: 50

{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}Content-Length: 47

{"jsonrpc":"2.0","id":null,"method":"shutdown"}Content-Length: 62

{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}Content-Length: 155

{"jsonrpc":"2.0","method":"workspace/didChangeWorkspaceFolders","params":{"event":{"added":[{"uri":"file:///nonexistent-menuc","name":"x"}],"removed":[]}}}Content-Length: 130

{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"textDocument":{"uri":42},"position":{"line":-1,"character":"a"}}}Content-Length: 75

{"jsonrpc":"2.0","id":4,"method":"initialize","params":{"capabilities":{}}}Content-Length: 197

{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"untitled:second.menu","languageId":"menu","version":1,"text":"import \"fuzz.menu\"\nmenu B \"B\" { use File }\n"}}}Content-Length: 153

{"jsonrpc":"2.0","id":5,"method":"textDocument/definition","params":{"textDocument":{"uri":"untitled:second.menu"},"position":{"line":1,"character":19}}}Content-Length: 105

{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"untitled:fuzz.menu"}}}Content-Length: 145

{"jsonrpc":"2.0","id":6,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":0,"character":0}}}