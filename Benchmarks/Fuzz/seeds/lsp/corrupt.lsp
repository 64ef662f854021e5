Content-Type: application/json

{"jsonrpc":"2.0","id":5,"method":"shutdown"}Content-Length: 146

{"jsonrpc":"2.0","id":90,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":4,"character":8}}}Content-Length: 99999999999

{}Content-Length: 146

{"jsonrpc":"2.0","id":90,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":4,"character":8}}}Content-Length: -1

{}Content-Length: 146

{"jsonrpc":"2.0","id":90,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":4,"character":8}}}content-length: 2
CONTENT-LENGTH: 2

{}Content-Length: 146

{"jsonrpc":"2.0","id":90,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":4,"character":8}}}Content-Length: 5

{"jsonrpc":"2.0"}Content-Length: 146

{"jsonrpc":"2.0","id":90,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":4,"character":8}}}Content-Length: 60000000

{"id":1,"t":"cutContent-Length: 146

{"jsonrpc":"2.0","id":90,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":4,"character":8}}}Content-Length: 2

{}Content-Length: 146

{"jsonrpc":"2.0","id":90,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:fuzz.menu"},"position":{"line":4,"character":8}}}