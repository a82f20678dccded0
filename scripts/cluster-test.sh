#!/usr/bin/env bash
# The cluster suite: several API server instances on one throwaway PostgreSQL behind Debian's
# nginx (deploy/nginx/attendee.conf), checked through nginx and at the instances: readiness, an
# upload seen by every instance (once the server has shared file storage: FILE_STORAGE), a logout
# refused everywhere within the session cache's bound, a payment counted once, every job run once,
# and a rolling restart (SIGTERM, drain, start) under load with no failed request. The checks and
# what each proves: scripts/cluster/checks.ts.
#   bash scripts/cluster-test.sh            (CLUSTER_INSTANCES=3 for three instances)
# Needs the Debian postgresql and nginx packages. Prints `cluster: N passed, N failed`.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || { echo "cluster-test: nginx not found (apt-get install -y nginx)" >&2; exit 2; }
exec bash scripts/pg-test.sh --run node --import tsx scripts/cluster/run.ts
