#!/bin/sh
# The image's base when no registry is reachable (an air-gapped build host; `make image` uses it when it cannot
# pull python:3.11-slim-bookworm): Debian bookworm from the Debian mirror alone (debootstrap, minbase), with
# Python 3.11, venv and the CA certificates, imported as localhost/sellflow-base:bookworm by buildah.
#   sh deploy/production/base.sh [mirror]
set -eu
MIRROR=${1:-http://deb.debian.org/debian}
ROOT=$(mktemp -d /tmp/sellflow-base.XXXXXX)
trap 'rm -rf "$ROOT"' EXIT
debootstrap --variant=minbase --include=python3,python3-venv,python-is-python3,ca-certificates,fonts-dejavu-core \
  bookworm "$ROOT" "$MIRROR"
rm -rf "$ROOT"/var/cache/apt/archives/*.deb "$ROOT"/var/lib/apt/lists/*
ctr=$(buildah --storage-driver vfs from scratch)
buildah --storage-driver vfs copy "$ctr" "$ROOT" /
buildah --storage-driver vfs config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  --cmd /bin/sh "$ctr"
buildah --storage-driver vfs commit --rm "$ctr" localhost/sellflow-base:bookworm
