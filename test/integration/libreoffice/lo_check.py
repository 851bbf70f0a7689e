#!/usr/bin/env python3
"""Drives Debian's LibreOffice LanguageTool checker over UNO against a server.

Usage: lo_check.py BASE_URL PROFILE_DIR TEXT

Starts a headless soffice on a throwaway profile whose registry points the
LanguageTool checker at BASE_URL (LibreOffice appends /languages and /check),
asks the checker for its locales and to proofread TEXT as ne-NP, prints what
LibreOffice made of the answers as one JSON object, and stops soffice. Used by
test/integration/libreoffice.test.ts; run by hand to see what LibreOffice
sees. Exit status 0 with the JSON, 2 when soffice could not be reached.
"""

import json
import os
import subprocess
import sys
import time
from xml.sax.saxutils import escape

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException
from com.sun.star.lang import Locale

CHECKER = "org.openoffice.lingu.LanguageToolGrammarChecker"
REGISTRY = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Linguistic/GrammarChecking/LanguageTool"><prop oor:name="BaseURL" oor:op="fuse"><value>{base}</value></prop></item>
<item oor:path="/org.openoffice.Office.Linguistic/GrammarChecking/LanguageTool"><prop oor:name="IsEnabled" oor:op="fuse"><value>true</value></prop></item>
</oor:items>
"""


def write_profile(profile, base):
    user = os.path.join(profile, "user")
    os.makedirs(user, exist_ok=True)
    with open(os.path.join(user, "registrymodifications.xcu"), "w", encoding="utf-8") as f:
        f.write(REGISTRY.format(base=escape(base)))


def connect(pipe, proc, deadline_s):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    start = time.monotonic()
    while True:
        try:
            return resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
        except NoConnectException:
            if proc.poll() is not None or time.monotonic() - start > deadline_s:
                return None
            time.sleep(0.25)


def main():
    base, profile, text = sys.argv[1], sys.argv[2], sys.argv[3]
    write_profile(profile, base)
    pipe = f"nls_lo_{os.getpid()}"
    proc = subprocess.Popen(
        [
            "soffice",
            f"-env:UserInstallation=file://{profile}",
            "--headless",
            "--invisible",
            "--norestore",
            "--nologo",
            "--nodefault",
            f"--accept=pipe,name={pipe};urp;",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        ctx = connect(pipe, proc, 120)
        if ctx is None:
            print(json.dumps({"error": "soffice could not be reached"}))
            return 2
        checker = ctx.ServiceManager.createInstanceWithContext(CHECKER, ctx)
        locales = [f"{l.Language}-{l.Country}" for l in checker.getLocales()]
        nepali = Locale("ne", "NP", "")
        result = checker.doProofreading("nls-test", text, nepali, 0, len(text), ())
        errors = []
        for e in result.aErrors:
            props = {p.Name: p.Value for p in e.aProperties}
            errors.append(
                {
                    "start": e.nErrorStart,
                    "length": e.nErrorLength,
                    "type": e.nErrorType,
                    "shortComment": e.aShortComment,
                    "fullComment": e.aFullComment,
                    "suggestions": list(e.aSuggestions),
                    "lineColor": props.get("LineColor"),
                }
            )
        print(json.dumps({"locales": locales, "hasLocale": bool(checker.hasLocale(nepali)), "errors": errors}, ensure_ascii=False))
        try:
            ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx).terminate()
        except Exception:  # the bridge closes as soffice exits
            pass
        return 0
    finally:
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


if __name__ == "__main__":
    sys.exit(main())
