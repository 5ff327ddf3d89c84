#!/usr/bin/env bash
# Idempotent set-up for a fresh machine that has only Node and apt: installs what the product and
# its tests need (system packages, pnpm, workspace dependencies) and skips whatever is present.
set -euo pipefail
cd "$(dirname "$0")/.."

# libnss3-tools: certutil, which gives the HTTPS end-to-end test's browser the server's root as an
# installed certificate, the way a phone has it.
APT_PACKAGES=(ffmpeg chromium postgresql libnss3-tools)

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else
    echo "setup: need root to run: $*" >&2
    echo "setup: install these Debian packages yourself: ${APT_PACKAGES[*]}" >&2
    exit 1
  fi
}

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}" >&2
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v pnpm >/dev/null 2>&1; then
  echo "setup: installing pnpm" >&2
  # corepack fails its signature checks here; the npm registry copy of pnpm works.
  npm install -g pnpm@12 >/dev/null 2>&1 || as_root npm install -g pnpm@12 >/dev/null
fi

if [ "${CI:-}" = "true" ]; then
  pnpm install --frozen-lockfile --reporter=append-only
else
  pnpm install --reporter=silent
fi
