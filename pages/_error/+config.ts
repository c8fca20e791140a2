export default {
  description: 'This page could not be shown.',
  noindex: true,
}
