// images and fonts imported by components resolve to a fixed URL in tests
module.exports = 'test-file-stub'
