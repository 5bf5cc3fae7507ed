import type { TemplateLook } from './build.ts';

/** Heritage: warm cream and deep green, serif type, framed images and centred classic layout. */
export const heritage: TemplateLook = {
  id: 'heritage',
  name: 'Heritage',
  description: 'Classic and warm: serif type, cream and forest green, framed pictures for period homes.',
  theme: {
    primary: '#14532d',
    secondary: '#3f2d20',
    text: '#2b2118',
    background: '#fbf7ef',
    font: "'Georgia', serif",
  },
  headingFont: "'Palatino Linotype', 'Book Antiqua', Palatino, serif",
  css: [
    '.site-header{flex-direction:column;text-align:center;border-bottom:3px double #14532d;}',
    '.site-brand{font-size:1.8rem;font-variant:small-caps;letter-spacing:0.06em;}',
    '.hero{text-align:center;}',
    '.hero-image{height:380px;border:12px solid #fff;box-shadow:0 2px 12px rgba(0,0,0,0.15);box-sizing:border-box;}',
    '.hero-copy{max-width:720px;margin:0 auto;}',
    '.section{text-align:center;}',
    '.section-title{font-variant:small-caps;}',
    '.section-title::after{content:"";display:block;width:80px;height:2px;background:var(--primary);margin:12px auto 0;}',
    '.section-muted{background:#f3ead8;}',
    '.testimonial{border:none;}',
    '.about{text-align:left;}',
    '.about-image{border:8px solid #fff;box-shadow:0 2px 10px rgba(0,0,0,0.12);border-radius:0;}',
    '.button{border-radius:2px;letter-spacing:0.05em;}',
  ].join(''),
  brand: 'Oak & Stone Estates',
  tagline: 'Period homes and country houses since 1998.',
  heroTitle: 'Homes with a story to tell',
  heroText: 'Townhouses, manors and country cottages, restored and ready for their next chapter.',
  aboutTitle: 'A tradition of trust',
  aboutText:
    'For more than twenty years we have guided buyers and sellers of period properties: listed buildings, old farmhouses and townhouses whose character deserves an agent who cares for it.',
  testimonial: {
    quote: 'They understood what our old house meant to us, and found buyers who felt the same.',
    author: 'Margaret & John',
  },
  seo: {
    title: 'Oak & Stone Estates | Period and country homes',
    description: 'Townhouses, manors and country cottages with character.',
    keywords: 'period home, country house, townhouse, heritage property, real estate',
  },
};
