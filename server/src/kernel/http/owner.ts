/** whose records a call reaches (routes name the owner from the session; kernel/db/owned.ts checks it) */
export { ownerOf, type Owner } from '../db/owned'
