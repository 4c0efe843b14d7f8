#!/usr/bin/env bash
# Makes sure Debian's chromium is installed, for the browser test of generated pages.
# Prints the path of the browser on its last line and exits 0 when one is available;
# exits 3 when none is and this script cannot install one (not root, no apt-get, or the
# install failed), with the reason on stderr. ZKSIM_CHROMIUM may name another binary.
set -uo pipefail

find_browser() {
  local candidate
  for candidate in "${ZKSIM_CHROMIUM:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

if find_browser; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "ensure-chromium: chromium is missing and installing it needs root (run: apt-get install -y chromium)" >&2
  exit 3
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: chromium is missing and this system has no apt-get" >&2
  exit 3
fi
echo "ensure-chromium: installing Debian's chromium..." >&2
export DEBIAN_FRONTEND=noninteractive
# Quiet output: the test prints this script's stderr only when something went wrong.
if ! apt-get update -qq >&2 || ! apt-get install -y -qq --no-install-recommends chromium >&2; then
  echo "ensure-chromium: apt-get could not install chromium" >&2
  exit 3
fi
if find_browser; then
  exit 0
fi
echo "ensure-chromium: chromium was installed but no binary was found at /usr/bin/chromium" >&2
exit 3
