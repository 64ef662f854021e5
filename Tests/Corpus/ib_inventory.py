#!/usr/bin/env python3
"""Counts what a converter from Interface Builder menus must reproduce.

For every .xib and .storyboard under Tests/Corpus/InterfaceBuilder (or the
folder given as the first argument) this prints one Markdown table row of
counts, and for every .strings file beside them one row saying how many titles
it localises.  The counts are the reference an importer is checked against, so
the rules here are spelled out rather than clever:

* A *menu tree* is a <menu> that is not the submenu of a <menuItem>.  It is the
  main menu when it has key="mainMenu" or systemMenu="main"; a *top-level
  other* menu when it sits directly in <objects> (dock, status-item and context
  menus); a *control* menu otherwise (the menu of a pop-up button or similar
  cell).  Items are counted in main and top-level other trees only; control
  menus are counted apart because they are not menus a user opens from the
  menu bar.
* A separator is a <menuItem isSeparatorItem="YES">; every other <menuItem> is
  an item.
* An item has a key equivalent when its keyEquivalent attribute is non-empty or
  it has a <string key="keyEquivalent"> child (Interface Builder stores
  characters it cannot put in an attribute that way, base64-encoded).
* Its modifiers are the flags of its <modifierMask key="keyEquivalentModifierMask">
  child; an item with a key equivalent and no such child uses Command.  The
  flags are reported as stored: an upper-case key equivalent also needs Shift
  at run time, and the "upper case, no ⇧ flag" column counts the items that
  leave that Shift implicit.
* Custom views are <menuItem> children with key="view".

Standard library only; this is a test tool, not part of the product.
"""

import base64
import os
import re
import sys
import xml.etree.ElementTree as ET

MODIFIER_ORDER = [("control", "⌃"), ("option", "⌥"), ("shift", "⇧"), ("command", "⌘"), ("function", "fn")]


def modifier_text(item):
    """The modifier set of an item's key equivalent, e.g. '⌥⌘'; '' means none."""
    mask = None
    for child in item:
        if child.tag == "modifierMask" and child.get("key") == "keyEquivalentModifierMask":
            mask = child
    if mask is None:
        return "⌘"
    names = [symbol for flag, symbol in MODIFIER_ORDER if mask.get(flag) == "YES"]
    return "".join(names) if names else "none"


def key_equivalent(item):
    """The item's key equivalent as text, or '' when it has none."""
    value = item.get("keyEquivalent", "")
    if value:
        return value
    for child in item:
        if child.tag == "string" and child.get("key") == "keyEquivalent":
            text = "".join((child.text or "").split())
            if child.get("base64-UTF8") == "YES":
                padded = text + "=" * (-len(text) % 4)
                return base64.b64decode(padded).decode("utf-8", "replace")
            return text
    return ""


def menu_role(menu, parent):
    if menu.get("key") == "mainMenu" or menu.get("systemMenu") == "main":
        return "main"
    if parent is not None and parent.tag == "menuItem":
        return "submenu"
    if parent is not None and parent.tag == "objects":
        return "other"
    return "control"


def outlet_names(root):
    """Outlet property names that point at each object id (to name dock/status menus)."""
    names = {}
    for outlet in root.iter("outlet"):
        destination = outlet.get("destination")
        if destination:
            names.setdefault(destination, set()).add(outlet.get("property", ""))
    return names


def inventory(path):
    tree = ET.parse(path)
    root = tree.getroot()
    parents = {child: parent for parent in root.iter() for child in parent}
    outlets = outlet_names(root)
    counts = {
        "main": 0, "other": 0, "control": 0, "control_items": 0,
        "items": 0, "separators": 0, "submenus": 0, "key_equivalents": 0,
        "alternates": 0, "state": 0, "hidden": 0, "disabled": 0, "views": 0,
        "implied_shift": 0,
    }
    masks = set()
    others = []
    menu_ids = set()

    def walk(menu, in_control):
        menu_ids.add(menu.get("id"))
        items = menu.find("items")
        if items is None:
            return
        for item in items.findall("menuItem"):
            menu_ids.add(item.get("id"))
            if in_control:
                if item.get("isSeparatorItem") != "YES":
                    counts["control_items"] += 1
                continue
            if item.get("isSeparatorItem") == "YES":
                counts["separators"] += 1
                continue
            counts["items"] += 1
            key = key_equivalent(item)
            if key:
                counts["key_equivalents"] += 1
                masks.add(modifier_text(item))
                if key.isupper() and "⇧" not in modifier_text(item):
                    counts["implied_shift"] += 1
            if item.get("isAlternate") == "YES":
                counts["alternates"] += 1
            if item.get("state"):
                counts["state"] += 1
            if item.get("hidden") == "YES":
                counts["hidden"] += 1
            if item.get("enabled") == "NO":
                counts["disabled"] += 1
            if any(child.get("key") == "view" for child in item):
                counts["views"] += 1
            for child in item:
                if child.tag == "menu" and child.get("key") == "submenu":
                    counts["submenus"] += 1
                    walk(child, in_control)

    for menu in root.iter("menu"):
        role = menu_role(menu, parents.get(menu))
        if role == "submenu":
            continue
        if role == "control":
            counts["control"] += 1
            walk(menu, True)
            continue
        counts[role] += 1
        if role == "other":
            label = ", ".join(sorted(outlets.get(menu.get("id"), []))) or menu.get("userLabel") or "unreferenced"
            others.append(label)
        walk(menu, False)
    return counts, sorted(masks), sorted(others), menu_ids


STRINGS_ENTRY = re.compile(r'"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)"\s*;')


def read_strings(path):
    data = open(path, "rb").read()
    if data.startswith(b"\xff\xfe") or data.startswith(b"\xfe\xff"):
        text, encoding = data.decode("utf-16"), "UTF-16"
    else:
        text, encoding = data.decode("utf-8-sig"), "UTF-8"
    without_comments = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return dict(STRINGS_ENTRY.findall(without_comments)), encoding


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    base = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "InterfaceBuilder")
    print("| file | main | other top-level menus | control menus (items) | items | separators | submenus "
          "| key equivalents | upper case, no ⇧ flag | alternates | with state | hidden | disabled | custom views "
          "| modifier sets |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    strings_rows = []
    for app in sorted(os.listdir(base)):
        folder = os.path.join(base, app)
        if not os.path.isdir(folder):
            continue
        ib_ids = set()
        for name in sorted(os.listdir(folder)):
            if not name.endswith((".xib", ".storyboard")):
                continue
            counts, masks, others, ids = inventory(os.path.join(folder, name))
            ib_ids |= ids
            other_text = str(counts["other"]) + (" (" + "; ".join(others) + ")" if others else "")
            print(f"| {app}/{name} | {counts['main']} | {other_text} | {counts['control']} ({counts['control_items']}) "
                  f"| {counts['items']} | {counts['separators']} | {counts['submenus']} | {counts['key_equivalents']} "
                  f"| {counts['implied_shift']} "
                  f"| {counts['alternates']} | {counts['state']} | {counts['hidden']} | {counts['disabled']} "
                  f"| {counts['views']} | {' '.join(masks) or '—'} |")
        for lproj in sorted(os.listdir(folder)):
            lproj_path = os.path.join(folder, lproj)
            if not (lproj.endswith(".lproj") and os.path.isdir(lproj_path)):
                continue
            for name in sorted(os.listdir(lproj_path)):
                if name.endswith(".strings"):
                    entries, encoding = read_strings(os.path.join(lproj_path, name))
                    titles = [key for key in entries if key.endswith(".title")]
                    menu_titles = [key for key in titles if key[: -len(".title")] in ib_ids]
                    strings_rows.append((f"{app}/{lproj}/{name}", encoding, len(entries), len(titles), len(menu_titles)))
    print()
    print("| strings file | encoding | entries | titles | titles of menus and menu items |")
    print("|---|---|---|---|---|")
    for row in strings_rows:
        print("| " + " | ".join(str(value) for value in row) + " |")


if __name__ == "__main__":
    main()
