"""Geometry of every picture, measured by Chromium through the DOM.

Each preview page is copied with a measuring script at its end (the page
itself allows no script), loaded with `chromium --headless --dump-dom`,
and the script's findings read back from the DOM it leaves: every
element inside its picture's viewBox, no text wider than its row or than
the width the fixed metrics gave it, shortcut columns with one right
edge per menu, every separator between two rows. Every look of a page is
measured (the script shows the hidden ones)."""

from __future__ import annotations

import html
import json
import re

import pytest

from conftest import run_chromium

MEASURE = r"""
<script>
(function () {
  const E = 0.75;
  const failures = [];
  const counts = {pictures: 0, texts: 0, rows: 0, keys: 0, separators: 0};
  for (const picture of document.querySelectorAll('.picture')) picture.style.display = 'block';
  const rect = (element) => element.getBoundingClientRect();
  const where = (element) => (element.closest('[data-path]') || {dataset: {}}).dataset.path || element.tagName;
  for (const svg of document.querySelectorAll('svg.menuc')) {
    counts.pictures++;
    const name = (svg.closest('.page') || {dataset: {}}).dataset.name + ': ' + (svg.closest('section') || {}).id + ' ' + svg.parentElement.className;
    const box = rect(svg);
    const view = svg.getAttribute('viewBox').split(' ').map(Number);
    if (Math.abs(box.width - view[2]) > E || Math.abs(box.height - view[3]) > E)
      failures.push(`${name}: drawn ${box.width}x${box.height}, viewBox ${view[2]}x${view[3]}`);
    for (const element of svg.querySelectorAll('rect, text, svg, path')) {
      const r = rect(element);
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < box.left - E || r.top < box.top - E || r.right > box.right + E || r.bottom > box.bottom + E)
        failures.push(`${name}: ${element.tagName} of ${where(element)} outside the viewBox`);
    }
    for (const text of svg.querySelectorAll('text')) {
      counts.texts++;
      const real = text.getComputedTextLength();
      const measured = Number(text.dataset.w);
      if (real > measured + 1)
        failures.push(`${name}: "${text.textContent}" is ${real.toFixed(1)} wide, measured ${measured}`);
    }
    for (const row of svg.querySelectorAll('g.m-row')) {
      const rowbox = row.querySelector(':scope > rect.m-rowbox');
      if (!rowbox) continue;
      counts.rows++;
      const bounds = rect(rowbox);
      for (const text of row.querySelectorAll('text')) {
        const r = rect(text);
        if (r.left < bounds.left - E || r.right > bounds.right + E || r.top < bounds.top - E || r.bottom > bounds.bottom + E)
          failures.push(`${name}: "${text.textContent}" overflows its row ${where(row)}`);
      }
      const label = row.querySelector(':scope > text.m-label, :scope > g > text.m-label');
      const key = row.querySelector(':scope > text.m-key');
      if (label && key && rect(label).right > rect(key).left - 4)
        failures.push(`${name}: "${label.textContent}" runs into its shortcut`);
    }
    for (const menu of svg.querySelectorAll('g.m-menu')) {
      const keys = [...menu.querySelectorAll(':scope > g.m-row > text.m-key')].map((key) => rect(key).right);
      counts.keys += keys.length;
      if (keys.length && Math.max(...keys) - Math.min(...keys) > E)
        failures.push(`${name}: shortcut column of ${where(menu)} has right edges ${keys.join(', ')}`);
      const rows = [...menu.querySelectorAll(':scope > g.m-row > rect.m-rowbox')].map(rect);
      for (const separator of menu.querySelectorAll(':scope > .m-sep')) {
        counts.separators++;
        const s = rect(separator);
        const above = rows.some((r) => r.bottom <= s.top + E);
        const below = rows.some((r) => r.top >= s.bottom - E);
        const overlapping = rows.some((r) => r.top < s.bottom - E && r.bottom > s.top + E && r.right > s.left && r.left < s.right);
        if (!above || !below || overlapping)
          failures.push(`${name}: separator at y=${s.top} of ${where(menu)} is not between two rows`);
      }
    }
  }
  const markup = [...document.querySelectorAll('main script, main img, main iframe, main object, main foreignObject, main a[href]')];
  if (markup.length) failures.push(`${markup.length} element(s) made from the file's text: ${markup[0].outerHTML.slice(0, 80)}`);
  const out = document.createElement('pre');
  out.id = 'geometry';
  out.textContent = JSON.stringify({failures, counts});
  document.body.appendChild(out);
})();
</script>
"""


def measure(chromium, pages, tmp_path):
    """Loads the pictures of `pages` (name → page) in one document with the
    measuring script; returns its findings and counts."""
    first = next(iter(pages.values())).read_text(encoding="utf-8")
    head = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", first[: first.index("<body>")])
    bodies = []
    for name, page in pages.items():
        text = page.read_text(encoding="utf-8")
        main = text[text.index("<main>") + len("<main>"): text.index("</main>")]
        bodies.append(f'<div class="page" data-name="{html.escape(name)}">{main}</div>')
    # Every picture carries the same style sheet: one copy is enough (hundreds make style resolution crawl).
    body = "\n".join(bodies)
    sheets = set(re.findall(r"<style>.*?</style>", body))
    assert len(sheets) == 1, f"the pictures' style sheets differ: {len(sheets)}"
    sheet = sheets.pop()
    body = body.replace(sheet, "")
    copy = tmp_path / "measure.html"
    copy.write_text(head + "<body>" + sheet + "<main>" + body + "</main>" + MEASURE + "</body></html>", encoding="utf-8")
    result = run_chromium(chromium, "--dump-dom", "--virtual-time-budget=10000", copy.as_uri(), profile=tmp_path / "profile")
    found = re.search(r'<pre id="geometry">(.*?)</pre>', result.stdout, re.S)
    assert found, f"no measurements: {result.stderr[-2000:]}"
    return json.loads(html.unescape(found.group(1)))


def test_every_preview_has_sound_geometry(chromium, previews, tmp_path):
    measured = measure(chromium, previews, tmp_path)
    failures, totals = measured["failures"], measured["counts"]
    assert not failures, "\n".join(failures[:60])
    # The checks ran on something: every kind of thing they look at was found.
    assert totals["pictures"] >= 150 and totals["rows"] >= 800 and totals["keys"] >= 100 and totals["separators"] >= 100, totals


def test_the_checks_find_a_broken_picture(chromium, previews, tmp_path):
    """The measuring script fails a picture whose text overflows, whose
    shortcut column is ragged, or that draws outside its viewBox."""
    page = previews["notes"]
    text = page.read_text(encoding="utf-8")
    broken = text.replace('class="m-t13 f-text m-label" x="', 'class="m-t13 f-text m-label" x="4', 1)
    broken = broken.replace('m-key" x="', 'm-key" x="1', 1)
    assert broken != text
    copy = tmp_path / "broken.html"
    copy.write_text(broken, encoding="utf-8")
    failures = "\n".join(measure(chromium, {"broken": copy}, tmp_path)["failures"])
    assert "shortcut column" in failures and "outside the viewBox" in failures and "overflows its row" in failures, failures
