// Title, description and structured data depend on the filter: see +title.ts, +description.ts, +jsonLd.ts.
export default {}
