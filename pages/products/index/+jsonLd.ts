export { catalogueJsonLd as default } from './json-ld.ts'
