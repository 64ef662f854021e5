Content-Length: 155

{"jsonrpc":"2.0","id":1,"method":"textDocument/prepareRename","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":12,"character":16}}}Content-Length: 169

{"jsonrpc":"2.0","id":2,"method":"textDocument/rename","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":12,"character":16},"newName":"FileMenu"}}Content-Length: 161

{"jsonrpc":"2.0","id":3,"method":"textDocument/rename","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":9,"character":27},"newName":"b"}}Content-Length: 164

{"jsonrpc":"2.0","id":4,"method":"textDocument/rename","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":4,"character":10},"newName":"1‮"}}Content-Length: 157

{"jsonrpc":"2.0","id":5,"method":"textDocument/documentHighlight","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":3,"character":6}}}Content-Length: 76

{"jsonrpc":"2.0","id":6,"method":"workspace/symbol","params":{"query":"nn"}}Content-Length: 237

{"jsonrpc":"2.0","id":7,"method":"textDocument/rangeFormatting","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"range":{"start":{"line":5,"character":0},"end":{"line":7,"character":0}},"options":{"tabSize":4,"insertSpaces":true}}}Content-Length: 112

{"jsonrpc":"2.0","id":8,"method":"textDocument/codeLens","params":{"textDocument":{"uri":"untitled:fuzz.menu"}}}Content-Length: 141

{"jsonrpc":"2.0","id":9,"method":"workspace/executeCommand","params":{"command":"menuc.preview","arguments":["untitled:fuzz.menu","Editor"]}}