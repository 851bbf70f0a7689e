#!/usr/bin/env bash
# How docs/editors-libreoffice.png was made: Debian's LibreOffice Writer
# (the GUI build) under Xvfb, its LanguageTool checker pointed at a running
# service, a two-line Nepali document set to Nepali (Nepal), a right click on
# the first underlined word, and a screenshot of the screen.
#
#   apt-get install --no-install-recommends libreoffice-writer xvfb xdotool imagemagick fonts-noto-core
#   make run   # in another terminal (the service on http://127.0.0.1:8080)
#   docs/editors-screenshot.sh [BASE_URL] [OUT.png]
#
# libreoffice-writer replaces libreoffice-writer-nogui (the tests' package:
# headless soffice works with either); `apt-get install
# libreoffice-writer-nogui` puts it back.
set -euo pipefail
BASE=${1:-http://127.0.0.1:8080}
OUT=${2:-docs/editors-libreoffice.png}
DISPLAY_NUMBER=${DISPLAY_NUMBER:-77}
work=$(mktemp -d)
cleanup() {
  [ -n "${lo:-}" ] && kill "$lo" 2>/dev/null || true
  [ -n "${xvfb:-}" ] && kill "$xvfb" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/profile/user"
cat >"$work/profile/user/registrymodifications.xcu" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Linguistic/GrammarChecking/LanguageTool"><prop oor:name="BaseURL" oor:op="fuse"><value>$BASE/v2</value></prop></item>
<item oor:path="/org.openoffice.Office.Linguistic/GrammarChecking/LanguageTool"><prop oor:name="IsEnabled" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Linguistic/GrammarChecking"><prop oor:name="IsAutoCheck" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="FirstRun" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="ShowTipOfTheDay" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
EOF
cat >"$work/nepali.fodt" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
 <office:styles>
  <style:default-style style:family="paragraph">
   <style:text-properties style:font-name="Noto Sans Devanagari" style:font-name-complex="Noto Sans Devanagari" fo:font-size="20pt" style:font-size-complex="20pt" fo:language="ne" fo:country="NP" style:language-complex="ne" style:country-complex="NP"/>
  </style:default-style>
 </office:styles>
 <office:body>
  <office:text>
   <text:p>हामी पानि खान्छौँ। यो छेत्र राम्रो छ।</text:p>
   <text:p>नेपालको सुर्य उदायो, र हामी घर गयौं।</text:p>
  </office:text>
 </office:body>
</office:document>
EOF

Xvfb ":$DISPLAY_NUMBER" -screen 0 1100x520x24 -nolisten tcp &
xvfb=$!
sleep 2
export DISPLAY=":$DISPLAY_NUMBER" SAL_USE_VCLPLUGIN=gen
soffice "-env:UserInstallation=file://$work/profile" --norestore --nologo "$work/nepali.fodt" &
lo=$!
# Writer opens, the checker asks /v2/languages, then /v2/check for each paragraph.
sleep 30
# A right click on पानि: the checker's message and the correction.
xdotool mousemove 262 217 click 3
sleep 3
import -window root "$OUT"
echo "wrote $OUT"
