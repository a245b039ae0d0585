// A recommendation's reasons and a registry check of its tags, in English (front ends translate by their codes).
export { checkReason } from '../domain/recommend/check-tags'
export { reasonText } from '../domain/recommend/reasons'
