import type { TemplateLook } from './build.ts';

/** Coastal: airy blues and sand, rounded cards, a full-width hero with the copy over the sea. */
export const coastal: TemplateLook = {
  id: 'coastal',
  name: 'Coastal',
  description: 'Light and airy: ocean blues, sandy accents and a full-width seaside hero.',
  theme: {
    primary: '#0e7490',
    secondary: '#155e75',
    text: '#1f2937',
    background: '#f8fafc',
    font: 'Inter, sans-serif',
  },
  headingFont: "'Georgia', serif",
  css: [
    '.site-header{background:rgba(255,255,255,0.92);border-bottom:1px solid #e0f2fe;}',
    '.hero-copy{position:absolute;left:40px;bottom:40px;max-width:560px;background:rgba(255,255,255,0.9);border-radius:16px;}',
    '.button{border-radius:999px;}',
    '.section-muted{background:#ecfeff;border-radius:24px;}',
    '.about-image{border-radius:24px;}',
    '.site-footer{background:linear-gradient(180deg,#155e75,#0e7490);}',
    '@media (max-width:640px){.hero-copy{position:static;border-radius:0;}}',
  ].join(''),
  brand: 'Seaside Homes',
  tagline: 'Homes by the water, found with care.',
  heroTitle: 'Wake up to the sound of the sea',
  heroText: 'Beach houses, harbour apartments and family homes along the coast.',
  aboutTitle: 'Living by the coast',
  aboutText:
    'We have sold homes along this coastline for years. We know which streets catch the evening sun, which schools families love and how the neighbourhoods change with the seasons.',
  testimonial: {
    quote: 'They found us a house with a view we never thought we could afford.',
    author: 'The Almeida family',
  },
  seo: {
    title: 'Seaside Homes | Coastal real estate',
    description: 'Beach houses, harbour apartments and family homes on the coast.',
    keywords: 'coastal homes, beach house, waterfront, real estate',
  },
};
