// PGlite start-up and seeding take seconds, more than jest's 5 s default on a busy 2-core machine
jest.setTimeout(30_000)
