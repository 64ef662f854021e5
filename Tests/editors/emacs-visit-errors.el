;;; Visits every error of a `menuc check --format short` report with
;;; Emacs's own compilation-mode, as `M-x compile` would, and writes, for
;;; each, FILE:LINE:TEXT with the three characters the cursor lands on.
;;; SHORT names the report; SCREEN=1 reads columns as screen columns (the
;;; default of compilation-error-screen-columns), otherwise as characters;
;;; OUT names the file written. Used by EditorParsingTests.swift.
(require 'compile)
(setq compilation-error-screen-columns (equal (getenv "SCREEN") "1"))
(let ((out '()) (lines 0))
  (with-current-buffer (find-file-noselect (getenv "SHORT"))
    (compilation-mode)
    (if (fboundp 'compilation--ensure-parse) (compilation--ensure-parse (point-max)) (font-lock-ensure))
    (goto-char (point-min))
    (while (not (eobp))
      (let ((report (current-buffer)) (start (point)))
        (when (get-text-property (point) 'compilation-message)
          (compile-goto-error)
          (with-current-buffer (window-buffer (selected-window))
            (let ((p (window-point)))
              (push (format "%s:%d:%s" (file-name-nondirectory buffer-file-name) (line-number-at-pos p)
                            (buffer-substring-no-properties p (min (save-excursion (goto-char p) (line-end-position)) (+ p 3)))) out))))
        (set-buffer report)
        (goto-char start)
        (forward-line 1))))
  (with-temp-file (getenv "OUT") (set-buffer-file-coding-system 'utf-8) (insert (mapconcat #'identity (nreverse out) "\n") "\n")))
