" .menu files: the menus and buttons that menuc compiles.
" setfiletype leaves alone files another rule already claimed (XDG menus are XML).
autocmd BufNewFile,BufRead *.menu setfiletype menu
