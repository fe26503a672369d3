// runtime/mock: built-in mocking from the definition's examples (operations.md MK1-MK6).
export {
  createMockTable,
  type MockExample,
  type MockExampleSpec,
  type MockTable,
  type MockTableSpec,
} from './mock-table.js'
export { chooseExample, parseAccept } from './choose-example.js'
