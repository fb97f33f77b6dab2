#!/bin/sh
# Stand-in for Prisma's native schema-engine (see scripts/prisma-generate.mjs): generate never runs it.
echo "schema-engine-stub 0.0.0 (facturo: migrations are ours, see src/platform/db/migrator.ts)"
