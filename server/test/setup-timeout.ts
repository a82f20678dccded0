// PGlite start-up, migrations and seeding take seconds, more than jest's 5 s default; CI runs two
// suites at once on its 2 cores (the clock-moved jest run beside the PostgreSQL one), so a file's
// set-up gets a minute before it counts as hung
jest.setTimeout(60_000)
