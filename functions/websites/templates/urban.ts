import type { TemplateLook } from './build.ts';

/** Urban: dark header, bold sans-serif type, sharp edges and a strong accent colour. */
export const urban: TemplateLook = {
  id: 'urban',
  name: 'Urban',
  description: 'Bold and modern: a dark header, sharp lines and a bright accent for city apartments.',
  theme: {
    primary: '#f59e0b',
    secondary: '#111827',
    text: '#111827',
    background: '#ffffff',
    font: 'Inter, sans-serif',
  },
  headingFont: "'Helvetica Neue', Arial, sans-serif",
  css: [
    '.site-header{background:#111827;color:#fff;text-transform:uppercase;letter-spacing:0.08em;}',
    '.hero{background:#111827;color:#fff;display:grid;grid-template-columns:1fr 1fr;}',
    '.hero-image{height:100%;min-height:420px;}',
    '.hero-copy{align-self:center;padding:48px;}',
    '.hero-title{font-size:3rem;text-transform:uppercase;}',
    '.button{border-radius:0;color:#111827;font-weight:700;text-transform:uppercase;}',
    '.section-title{text-transform:uppercase;letter-spacing:0.05em;border-bottom:4px solid var(--primary);display:inline-block;padding-bottom:6px;}',
    '.section-muted{background:#f3f4f6;}',
    '.testimonial{border-left-width:8px;}',
    '@media (max-width:800px){.hero{grid-template-columns:1fr;}.hero-image{min-height:260px;}}',
  ].join(''),
  brand: 'Metro Living',
  tagline: 'City homes for people on the move.',
  heroTitle: 'Live where the city happens',
  heroText: 'Lofts, penthouses and new developments in the neighbourhoods that never sleep.',
  aboutTitle: 'We know the city',
  aboutText:
    'From converted warehouses to glass towers, we match busy people with city homes that fit the way they live, close to work, transport and the best coffee in town.',
  testimonial: {
    quote: 'Three viewings, one offer, keys in a month. Exactly what we needed.',
    author: 'Daniel R.',
  },
  seo: {
    title: 'Metro Living | City apartments and lofts',
    description: 'Lofts, penthouses and new developments in the city centre.',
    keywords: 'city apartment, loft, penthouse, new development, real estate',
  },
};
