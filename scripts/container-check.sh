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
    rm -rf "$rootfs"
    trap - EXIT
  fi
fi

if [ "${HUIKAO_IMAGE_REUSE:-0}" = 1 ] && buildah images -q "$image" >/dev/null 2>&1; then
  note "reusing $image (HUIKAO_IMAGE_REUSE=1)"
else
note "building $image on $node_image"
buildah bud --isolation chroot --layers=false --format docker -q \
  --build-arg NODE_IMAGE="$node_image" \
  --build-arg npm_config_registry="$(npm config get registry)" \
  -t "$image" . >/dev/null
note "image built: $(buildah images --format '{{.Size}}' "$image" | head -1)"
fi

# Started with podman where it can run containers; here (a VM whose cgroups are in hybrid mode and
# whose limits crun may not set) it cannot, so the image's own command runs in its file system
# under buildah's chroot isolation instead: the same files, user, settings and entry point.
env=(APP_KEY=ContainerCheckAppKey_0123456789a JWT_SECRET=container-check-jwt-secret-0123456789abcdef
     PORT=18080 HOST=127.0.0.1)
name="huikao-ci-$$"
runner=''
if podman run -d --name "$name" --network host --ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" \
  "${env[@]/#/--env=}" "$image" >/dev/null 2>/tmp/huikao-podman-$$.err; then
  runner=podman
  trap 'podman rm -f "$name" >/dev/null 2>&1 || true' EXIT
else
  note "podman cannot run containers here ($(tail -1 /tmp/huikao-podman-$$.err)); running the image under buildah's chroot isolation"
  podman rm -f "$name" >/dev/null 2>&1 || true
  ctr=$(buildah from -q --name "$name" "$image")
  set -m
  buildah run --isolation chroot "${env[@]/#/--env=}" "$ctr" -- node scripts/start.mjs >/tmp/huikao-ctr-$$.log 2>&1 &
  run_pid=$!
  set +m
  runner=buildah
  trap 'kill -TERM -- -"$run_pid" 2>/dev/null || true; sleep 2; buildah rm "$ctr" >/dev/null 2>&1 || true' EXIT
fi
rm -f /tmp/huikao-podman-$$.err

for _ in $(seq 180); do
  if body=$(curl -sf http://127.0.0.1:18080/healthz 2>/dev/null); then
    note "the image's server answers /healthz ($runner): $body"
    echo "$body" | grep -q '"migrated":true' || { note 'the server is not migrated'; exit 1; }
    script=$(curl -sf http://127.0.0.1:18080/login | grep -o '/assets/index-[^"]*\.js' | head -1)
    encoding=$(curl -s -o /dev/null -w '%header{content-encoding}' -H 'accept-encoding: br' "http://127.0.0.1:18080$script" 2>/dev/null || true)
    [ -z "$script" ] || note "its main script $script is sent with content-encoding: ${encoding:-none}"
    exit 0
  fi
  if [ "$runner" = podman ]; then
    podman inspect -f '{{.State.Running}}' "$name" 2>/dev/null | grep -q true || break
  else
    kill -0 "$run_pid" 2>/dev/null || break
  fi
  sleep 1
done
note 'the image did not answer /healthz:'
if [ "$runner" = podman ]; then podman logs "$name" 2>&1 | tail -20; else tail -20 /tmp/huikao-ctr-$$.log; fi
exit 1
