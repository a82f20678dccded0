// PGlite start-up, migrations and seeding take seconds, more than jest's 5 s default; CI runs two
// suites at once with two workers each on its 2 cores (npm test beside the PostgreSQL run), so a
// file's set-up gets a minute before it counts as hung
jest.setTimeout(60_000)
