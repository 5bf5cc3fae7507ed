import type { TemplateLook } from './build.ts';

/** Minimal: the spec §9 default theme, lots of white space, thin lines and no decoration. */
export const minimal: TemplateLook = {
  id: 'minimal',
  name: 'Minimal',
  description: 'Clean and simple: white space, thin lines and the default theme, letting the listings speak.',
  theme: {
    primary: '#007bff',
    secondary: '#6c757d',
    text: '#212529',
    background: '#ffffff',
    font: 'Inter, sans-serif',
  },
  headingFont: 'Inter, sans-serif',
  css: [
    '.site-header{border-bottom:1px solid #e9ecef;}',
    '.site-brand{font-weight:600;}',
    '.hero-image{height:320px;}',
    '.hero-copy{max-width:680px;padding-top:48px;}',
    '.hero-title{font-weight:600;font-size:2.2rem;}',
    '.button{background:transparent;color:var(--primary-text,var(--primary));border:1px solid var(--primary);}',
    '.section-title{font-weight:600;font-size:1.4rem;}',
    '.section-muted{border-top:1px solid #e9ecef;border-bottom:1px solid #e9ecef;}',
    '.testimonial{border-left:1px solid var(--secondary);}',
    '.site-footer{background:#fff;color:var(--secondary);border-top:1px solid #e9ecef;}',
  ].join(''),
  brand: 'Clear Estate',
  tagline: 'Straightforward real estate.',
  heroTitle: 'Find your next home',
  heroText: 'Clear listings, honest advice and no surprises.',
  aboutTitle: 'About us',
  aboutText:
    'We keep it simple: accurate listings, quick answers and advice you can rely on, from the first viewing to the day you get the keys.',
  testimonial: { quote: 'Simple, quick and honest. The easiest move we have made.', author: 'Sara K.' },
  seo: {
    title: 'Clear Estate | Homes for sale and rent',
    description: 'Clear listings, honest advice and no surprises.',
    keywords: 'homes for sale, rentals, real estate',
  },
};
