#!/usr/bin/env bash
# How boardgen/fonts/*.ttf were made: Debian's fonts-noto-core (Noto Sans and
# Noto Serif, SIL OFL 1.1) subset to Latin, punctuation and a few symbol blocks,
# hinting dropped, so the package stays small. Run by hand; the build never runs it.
set -euo pipefail
src=/usr/share/fonts/truetype/noto
dst=$(dirname "$0")/../boardgen/fonts
ranges="U+0020-007E,U+00A0-024F,U+0300-036F,U+1E00-1EFF,U+2000-206F,U+20A0-20BF,U+2100-214F,U+2190-21FF,U+2200-22FF,U+2460-24FF,U+25A0-25FF,U+2600-26FF,U+2713-2718,U+FB00-FB06"
for family in NotoSans NotoSerif; do
  for style in Regular Bold Italic BoldItalic; do
    pyftsubset "$src/$family-$style.ttf" --unicodes="$ranges" --layout-features='*' \
      --name-IDs='*' --name-legacy --no-hinting --glyph-names=0 --notdef-outline \
      --output-file="$dst/$family-$style.ttf"
  done
done
