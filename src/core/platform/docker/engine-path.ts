// Names and ids go into the path of engine URLs (`/containers/NAME/json`, `/images/REF/json`). A
// name with `/` or `..` in it would be a different path, and the engine's redirect for it was
// followed to another host:port (issue 26): every one is encoded as one path segment, and a
// container name a user types is checked against Docker's own grammar first.

/** One path segment of an engine URL. */
export const engineSegment = (value: string): string => encodeURIComponent(value)

/** Docker's container names (`[a-zA-Z0-9][a-zA-Z0-9_.-]+`, daemon/names) and ids (hex); `docker inspect` also takes a leading `/`. */
const CONTAINER_REF = /^\/?[a-zA-Z0-9][a-zA-Z0-9_.-]*$/
/** No engine gives a container a longer name; an id is 64 characters. */
export const CONTAINER_REF_MAX = 255

export function isContainerRef(value: string): boolean {
  return value.length <= CONTAINER_REF_MAX && CONTAINER_REF.test(value)
}
