#!/usr/bin/env bash
# Installs nginx and PgBouncer from Debian's packages when they are missing (npm run cluster, test:cluster and
# CI call this). Debian's packages start their own services on install (nginx on port 80, PgBouncer on 6432);
# the cluster runs its own processes with its own configuration, so those services are kept from starting
# (a temporary policy-rc.d, the Debian mechanism for exactly this) and stopped if they started anyway.
set -euo pipefail

missing=()
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v pgbouncer >/dev/null 2>&1 || [ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "nginx and pgbouncer are needed: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "installing ${missing[*]} from Debian's packages"
policy=/usr/sbin/policy-rc.d
added_policy=0
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod 755 "$policy"
  added_policy=1
fi
cleanup() { [ "$added_policy" -eq 1 ] && rm -f "$policy"; return 0; }
trap cleanup EXIT

apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

# Without systemd (containers, CI) policy-rc.d already kept them down; with it, make sure.
if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
  systemctl disable --now nginx pgbouncer >/dev/null 2>&1 || true
fi
