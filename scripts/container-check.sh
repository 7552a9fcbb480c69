#!/usr/bin/env bash
# Builds the container image (Dockerfile) with Debian's buildah and, where this machine lets podman
# run it, starts it and checks /healthz (.ci/run runs this in the background beside the tests).
# No Docker daemon is needed. When Docker Hub cannot be reached (CI machines behind a mirror), the
# Node base image is made locally: Debian bookworm by debootstrap from the Debian mirror apt uses,
# plus this machine's own Node 20 and npm.
set -euo pipefail
cd "$(dirname "$0")/.."
export STORAGE_DRIVER=vfs
started=$(date +%s)
image=localhost/huikao:ci
node_image=docker.io/library/node:20.20.2-bookworm-slim
local_base=localhost/huikao-node-base:20

note() { printf '[image %3ss] %s\n' "$(( $(date +%s) - started ))" "$*"; }

if ! buildah images -q "$node_image" >/dev/null 2>&1 && ! buildah pull -q "$node_image" >/dev/null 2>&1; then
  node_image=$local_base
  if ! buildah images -q "$local_base" >/dev/null 2>&1; then
    note "Docker Hub unreachable: making $local_base (debootstrap bookworm + this machine's Node $(node -v))"
    command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap >/dev/null
    rootfs=$(mktemp -d)
    trap 'rm -rf "$rootfs"' EXIT
    debootstrap --variant=minbase bookworm "$rootfs" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" >/dev/null
    cp "$(command -v node)" "$rootfs/usr/bin/node"
    mkdir -p "$rootfs/usr/lib/node_modules"
    cp -r "$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")" "$rootfs/usr/lib/node_modules/npm"
    ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/bin/npm"
    ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/bin/npx"
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
    # A machine whose HTTPS goes through an inspecting proxy trusts its CA through
    # NODE_EXTRA_CA_CERTS; this local base (never the Dockerfile) trusts it the same way.
    change=()
    if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
      cp "$NODE_EXTRA_CA_CERTS" "$rootfs/usr/local/share/extra-ca.crt"
      change=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/extra-ca.crt')
    fi
    tar -C "$rootfs" -c . | podman import --quiet "${change[@]}" - "$local_base" >/dev/null
  fi
fi

note "building $image on $node_image"
buildah bud --isolation chroot --layers=false -q \
  --build-arg NODE_IMAGE="$node_image" \
  --build-arg npm_config_registry="$(npm config get registry)" \
  -t "$image" . >/dev/null
note "image built: $(buildah images --format '{{.Size}}' "$image" | head -1)"

name="huikao-ci-$$"
if ! podman run -d --name "$name" --network host \
  -e APP_KEY=ContainerCheckAppKey_0123456789a -e JWT_SECRET=container-check-jwt-secret-0123456789abcdef \
  -e PORT=18080 -e HOST=127.0.0.1 "$image" >/dev/null 2>/tmp/huikao-podman-$$.err; then
  note "podman cannot run containers on this machine: $(tail -1 /tmp/huikao-podman-$$.err) (the image was built; /healthz not checked)"
  exit 0
fi
trap 'podman rm -f "$name" >/dev/null 2>&1 || true' EXIT
for _ in $(seq 180); do
  if body=$(curl -sf http://127.0.0.1:18080/healthz 2>/dev/null); then
    note "container answers /healthz: $body"
    echo "$body" | grep -q '"migrated":true' || { note 'the container is not migrated'; exit 1; }
    exit 0
  fi
  podman inspect -f '{{.State.Running}}' "$name" 2>/dev/null | grep -q true || break
  sleep 1
done
note 'the container did not answer /healthz:'
podman logs "$name" 2>&1 | tail -20
exit 1
