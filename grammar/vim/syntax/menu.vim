" Vim syntax file
" Language:    menu (the .menu files that menuc compiles)
" Maintainer:  the menuc project
"
" Keywords are contextual in this language: an element kind is a keyword
" only at the start of an element, so `menu: Edit` is a property and
" `opens: view` a value. The matches below look at the context for that.
" Install: add grammar/vim to 'runtimepath' (see grammar/README.md).

if exists("b:current_syntax")
  finish
endif

let s:cpo_save = &cpo
set cpo&vim

" Comments. A doc comment has exactly three slashes; four or more make an
" ordinary line comment. Block comments nest.
syn keyword menuTodo contained TODO FIXME XXX NOTE
syn match   menuLineComment "//.*$" contains=menuTodo,@Spell
syn match   menuDocComment "///\(/\)\@!.*$" contains=menuTodo,@Spell
syn region  menuBlockComment start="/\*" end="\*/" contains=menuBlockComment,menuTodo,@Spell

" Directives: `platforms iOS 17, macOS 14`, `language de` and `import "file.menu"`.
syn match   menuPlatforms "^\s*\zsplatforms\>\(\s*:\)\@!" nextgroup=menuPlatformList skipwhite
syn region  menuPlatformList start="\S" end="$\|\ze;" contained oneline contains=menuPlatformName,menuVersion,menuLineComment,menuBlockComment
syn keyword menuPlatformName contained iOS iPadOS macOS tvOS watchOS visionOS
syn match   menuVersion "\<\d\+\(\.\d\+\)*\>" contained
syn match   menuImport "^\s*\zsimport\>\(\s*:\)\@!"
syn match   menuLanguage "^\s*\zslanguage\>\(\s*:\)\@!"

" Attributes: @allow(rule-id, …).
syn region  menuAttribute matchgroup=menuAttributeName start="@allow\s*(" end=")" oneline contains=menuRuleID,menuBlockComment
syn match   menuRuleID "\h\w*\(-\w\+\)*" contained

" Elements: a kind at the start of a statement (line start, or after `{`,
" `;` or an attribute's `)`, and any block comments written before it),
" not followed by ':', then an optional identifier and label.
syn match   menuElementKind "\(\(^\|[{;)]\)\s*\(/\*.\{-}\*/\s*\)*\)\@<=\<\(menubar\|menu\|view\|contextmenu\|button\|toggle\|popup\|pulldown\|option\|toolbar\|row\|item\|section\|submenu\)\>\(\s*:\)\@!" nextgroup=menuElementName skipwhite
syn match   menuElementName "\h\w*" contained

" References: `use Menu` splices a declared menu, and the values of
" `menu:`, `opens:` and `default:` name a declaration or an option. All are
" one group, as the language server marks them all as one token type.
syn match   menuUse "\(\(^\|[{;)]\)\s*\(/\*.\{-}\*/\s*\)*\)\@<=\<use\>\(\s*:\)\@!" nextgroup=menuReference skipwhite
syn match   menuReference "\h\w*" contained

" Properties and values.
syn match   menuProperty "\<\h\w*\ze\s*:"
" After menuProperty: of two matches at one place, Vim takes the later.
syn match   menuReferenceProperty "\<\(menu\|opens\|default\)\ze\s*:" nextgroup=menuReferenceColon skipwhite
syn match   menuReferenceColon ":" contained nextgroup=menuReference skipwhite
syn keyword menuBoolean true false
syn match   menuNumber "-\=\<\d\+\(\.\d\+\)\=\>"

" Strings, with their escapes; a shortcut's string is marked as a shortcut.
syn region  menuString start=+"+ skip=+\\\\\|\\"+ end=+"+ end=+$+ oneline contains=menuEscape,menuEscapeError
syn match   menuShortcut +\(\<shortcut\s*:\s*\)\@<="\([^"\\]\|\\.\)*"+ contains=menuEscape,menuEscapeError
syn match   menuEscapeError "\\." contained
syn match   menuEscape "\\[\"\\nt]" contained
syn match   menuEscape "\\u{\x\{1,8}}" contained

hi def link menuTodo          Todo
hi def link menuLineComment   Comment
hi def link menuBlockComment  Comment
hi def link menuDocComment    SpecialComment
hi def link menuPlatforms     PreProc
hi def link menuImport        Include
hi def link menuLanguage      PreProc
hi def link menuPlatformName  Constant
hi def link menuVersion       Number
hi def link menuAttributeName PreProc
hi def link menuRuleID        Constant
hi def link menuElementKind   Keyword
hi def link menuElementName   Identifier
hi def link menuUse           Keyword
hi def link menuReference     Identifier
hi def link menuReferenceProperty Label
hi def link menuProperty      Label
hi def link menuBoolean       Boolean
hi def link menuNumber        Number
hi def link menuString        String
hi def link menuShortcut      Special
hi def link menuEscape        SpecialChar
hi def link menuEscapeError   Error

let b:current_syntax = "menu"

let &cpo = s:cpo_save
unlet s:cpo_save
