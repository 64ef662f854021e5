-- A real editor's editing features against `menuc lsp`: headless Neovim 0.7
-- (Debian's) with its built-in client, in a project folder of three files.
-- It asks for document highlights, workspace symbols and code lenses, runs
-- the Preview lens's command, formats a range and renames a declaration
-- with `vim.lsp.buf.rename` (Neovim's own prepareRename, rename and
-- workspace edit, which changes the files it has not opened too).
--
--   MENUC=.build/debug/menuc MENU_FILE=dir/main.menu NVIM_CHECK_REPORT=out.txt \
--   nvim --headless -u NONE -c "luafile Tests/lsp/nvim_editing.lua"
--
-- The report file gets one line per fact; the exit status is 0 only if
-- every step worked.

local menuc = assert(os.getenv("MENUC"), "MENUC is not set")
local file = assert(os.getenv("MENU_FILE"), "MENU_FILE is not set")
local report_path = assert(os.getenv("NVIM_CHECK_REPORT"), "NVIM_CHECK_REPORT is not set")
local timeout = 20000

local report = {}
local function say(line)
  table.insert(report, line)
end

local function finish(ok)
  say(ok and "RESULT ok" or "RESULT failed")
  local out = assert(io.open(report_path, "w"))
  out:write(table.concat(report, "\n") .. "\n")
  out:close()
  vim.cmd(ok and "qall!" or "cquit!")
end

-- The (1-based row, 0-based byte column) of the first `needle` in the buffer.
local function find(bufnr, needle)
  for index, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local found = line:find(needle, 1, true)
    if found then
      return index, found - 1
    end
  end
  error("not in the buffer: " .. needle)
end

local function request(bufnr, method, params)
  local answers = vim.lsp.buf_request_sync(bufnr, method, params, timeout) or {}
  for _, answer in pairs(answers) do
    if answer.err then
      error(method .. " failed: " .. tostring(answer.err.message))
    end
    return answer.result
  end
  error(method .. " got no answer")
end

local function check()
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local root = vim.fn.fnamemodify(file, ":p:h")
  local client_id = vim.lsp.start_client({ name = "menuc", cmd = { menuc, "lsp" }, root_dir = root })
  assert(client_id, "the client did not start")
  assert(vim.lsp.buf_attach_client(bufnr, client_id), "the client did not attach")
  assert(vim.wait(timeout, function()
    local client = vim.lsp.get_client_by_id(client_id)
    return client ~= nil and client.initialized and client.server_capabilities ~= nil
  end, 50), "the server did not initialize")
  local client = vim.lsp.get_client_by_id(client_id)
  say("RENAME-PROVIDER " .. vim.inspect(client.server_capabilities.renameProvider):gsub("%s+", " "))

  -- 1. Highlights of the name under the cursor (`use Edit`).
  local row, col = find(bufnr, "use Edit")
  vim.api.nvim_win_set_cursor(0, { row, col + 5 })
  local highlights = request(bufnr, "textDocument/documentHighlight", vim.lsp.util.make_position_params())
  for _, highlight in ipairs(highlights) do
    say(string.format("HIGHLIGHT %d:%d kind %d", highlight.range.start.line + 1, highlight.range.start.character, highlight.kind))
  end

  -- 2. Workspace symbols, from every file of the folder.
  for _, symbol in ipairs(request(bufnr, "workspace/symbol", { query = "undo" })) do
    say("SYMBOL " .. symbol.name .. " in " .. vim.fn.fnamemodify(vim.uri_to_fname(symbol.location.uri), ":t"))
  end

  -- 3. Code lenses, as Neovim shows them, and the Preview command.
  vim.lsp.codelens.refresh()
  assert(vim.wait(timeout, function()
    return #vim.lsp.codelens.get(bufnr) > 0
  end, 50), "no code lenses arrived")
  for _, lens in ipairs(vim.lsp.codelens.get(bufnr)) do
    say(string.format("LENS %d %s %s", lens.range.start.line + 1, lens.command.title, lens.command.arguments[2]))
  end
  local lens = vim.lsp.codelens.get(bufnr)[1]
  local shown = {}
  vim.lsp.handlers["window/showMessage"] = function(_, message)
    table.insert(shown, message.message)
  end
  local page_uri = request(bufnr, "workspace/executeCommand", { command = lens.command.command, arguments = lens.command.arguments })
  local fragment = page_uri:match("#(.*)$") or ""
  local page = vim.uri_to_fname((page_uri:gsub("#.*$", "")))
  say("PREVIEW " .. vim.fn.fnamemodify(page, ":e") .. " #" .. fragment)
  local lines = vim.fn.filereadable(page) == 1 and vim.fn.readfile(page) or {}
  say("PREVIEW-SECTION " .. tostring(vim.fn.match(lines, 'id="' .. fragment .. '"') >= 0))
  assert(vim.wait(timeout, function()
    return #shown > 0
  end, 50), "no message said where the preview is")
  say("PREVIEW-MESSAGE " .. tostring(shown[1] == "menuc: the preview of 'menubar' is at " .. page_uri))

  -- 4. Range formatting of the messy view only.
  local first = find(bufnr, "view  Prefs")
  local last = vim.api.nvim_buf_line_count(bufnr)
  local before = vim.api.nvim_buf_get_lines(bufnr, 0, first - 1, false)
  -- Spaces, two per level: the options Neovim sends ask for the canonical layout.
  vim.bo[bufnr].expandtab = true
  vim.bo[bufnr].shiftwidth = 2
  vim.lsp.buf.range_formatting({}, { first, 0 }, { last, 0 })
  assert(vim.wait(timeout, function()
    return vim.api.nvim_buf_get_lines(bufnr, first - 1, first, false)[1] == 'view Prefs "Preferences" {'
  end, 50), "the range was not formatted")
  assert(vim.deep_equal(before, vim.api.nvim_buf_get_lines(bufnr, 0, first - 1, false)), "lines before the range changed")
  for _, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, first - 1, -1, false)) do
    say("FORMATTED " .. line)
  end

  -- 5. Rename from the `use`, the way people do it.
  row, col = find(bufnr, "use Edit")
  vim.api.nvim_win_set_cursor(0, { row, col + 5 })
  vim.lsp.buf.rename("EditMenu")
  assert(vim.wait(timeout, function()
    return vim.api.nvim_buf_get_lines(bufnr, row - 1, row, false)[1]:find("use EditMenu", 1, true) ~= nil
  end, 50), "the rename did not reach the buffer")
  for _, name in ipairs({ "main.menu", "other.menu", "shared/edit.menu" }) do
    local other = vim.fn.bufadd(root .. "/" .. name)
    vim.fn.bufload(other)
    for _, line in ipairs(vim.api.nvim_buf_get_lines(other, 0, -1, false)) do
      if line:find("EditMenu", 1, true) then
        say("RENAMED " .. name .. ": " .. line)
      end
    end
  end

  vim.lsp.stop_client(client_id)
end

local ok, err = pcall(check)
if not ok then
  say("ERROR " .. tostring(err))
end
finish(ok)
