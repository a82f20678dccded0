export type { FileStorage } from './types'
export { LocalFolderStorage } from './local'
