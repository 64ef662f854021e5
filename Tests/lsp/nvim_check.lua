-- A real editor against `menuc lsp`: headless Neovim 0.7 (Debian's) attaches
-- its built-in LSP client to the server, reads back the diagnostics of a
-- file, asks for a hover, fixes the file through the buffer (Neovim sends
-- the incremental didChange itself) and waits for the diagnostics to clear.
--
--   MENUC=.build/debug/menuc MENU_FILE=x.menu NVIM_CHECK_REPORT=out.txt \
--   FIX_FROM=shortcuts: FIX_TO=shortcut: nvim --headless -u NONE -c "luafile Tests/lsp/nvim_check.lua"
--
-- Neovim 0.7 has no vim.lsp.start, so the client is started with
-- vim.lsp.start_client and attached by hand. The report file gets one line
-- per fact; the exit status is 0 only if every step worked.

local menuc = assert(os.getenv("MENUC"), "MENUC is not set")
local file = assert(os.getenv("MENU_FILE"), "MENU_FILE is not set")
local report_path = assert(os.getenv("NVIM_CHECK_REPORT"), "NVIM_CHECK_REPORT is not set")
local fix_from = assert(os.getenv("FIX_FROM"), "FIX_FROM is not set")
local fix_to = assert(os.getenv("FIX_TO"), "FIX_TO is not set")
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

local function check()
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = "menuc",
    cmd = { menuc, "lsp" },
    root_dir = vim.fn.fnamemodify(file, ":p:h"),
  })
  assert(client_id, "the client did not start")
  assert(vim.lsp.buf_attach_client(bufnr, client_id), "the client did not attach")

  -- 1. Diagnostics arrive for the file as it is on disk.
  assert(vim.wait(timeout, function()
    return #vim.diagnostic.get(bufnr) > 0
  end, 50), "no diagnostics arrived")
  local client = vim.lsp.get_client_by_id(client_id)
  say("SERVER " .. tostring(client.name) .. " utf-16:" .. tostring(client.offset_encoding == "utf-16"))
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    -- lnum and col are 0-based; col counts bytes (Neovim converted from UTF-16).
    local message = vim.split(d.message, "\n")[1]
    say(string.format("DIAGNOSTIC %d:%d %s %s", d.lnum + 1, d.col + 1, tostring(d.code), message))
  end

  -- 2. Hover on the misspelled property.
  local row, col
  for index, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local found = line:find(fix_from, 1, true)
    if found then
      row, col = index, found - 1
      break
    end
  end
  assert(row, "the text to fix is not in the file")
  vim.api.nvim_win_set_cursor(0, { row, col })
  local params = vim.lsp.util.make_position_params()
  local answers = vim.lsp.buf_request_sync(bufnr, "textDocument/hover", params, timeout) or {}
  for _, answer in pairs(answers) do
    if answer.result and answer.result.contents then
      say("HOVER " .. vim.split(answer.result.contents.value, "\n")[1])
    end
  end

  -- 3. Fix the file in the buffer; the diagnostics must clear.
  vim.api.nvim_buf_set_text(bufnr, row - 1, col, row - 1, col + #fix_from, { fix_to })
  assert(vim.wait(timeout, function()
    return #vim.diagnostic.get(bufnr) == 0
  end, 50), "the diagnostics did not clear after the fix")
  say("CLEARED")

  vim.lsp.stop_client(client_id)
end

local ok, err = pcall(check)
if not ok then
  say("ERROR " .. tostring(err))
end
finish(ok)
