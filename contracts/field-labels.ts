/**
 * The names people know the API's fields by: the labels of the forms that send them. A refused request
 * names the field this way ("Full name is required", "Budget to must be at least the minimum budget"),
 * never as the API spells it (`full_name`, `budget_max`). The forms read their labels here too. Fields without an entry read as words
 * (`parent_folder_id` → "Parent folder"). Zod-free, so the browser can import it without weight.
 */
const LABELS: Record<string, string> = {
  id: 'The id in the address',
  full_name: 'Full name',
  email: 'Email',
  phone: 'Phone',
  city: 'City',
  bio: 'Bio',
  name: 'Name',
  title: 'Title',
  description: 'Description',
  street_address: 'Address',
  location: 'Location',
  price: 'Price',
  currency: 'Currency',
  area: 'Area',
  bedrooms: 'Bedrooms',
  bedrooms_count: 'Bedrooms',
  bathrooms_count: 'Bathrooms',
  collaborator_commission: 'Collaborator commission (%)',
  furnishing: 'Furnishing',
  additionalFeatures: 'Additional features',
  deed_verified: 'Deed verified',
  owner_acknowledged: 'Owner acknowledged',
  video_link: 'Video link',
  virtual_tour_link: 'Virtual tour link',
  minPrice: 'Minimum price',
  maxPrice: 'Maximum price',
  budget_min: 'Budget from',
  budget_max: 'Budget to',
  preferred_areas: 'Preferred areas',
  bedrooms_min: 'Bedrooms (at least)',
  min_price: 'Minimum price',
  max_price: 'Maximum price',
  areas: 'Areas',
  property_interests: 'Property interests',
  assigned_agent_id: 'Assigned agent',
  last_contact_at: 'Last contact',
  notes: 'Notes',
  start: 'Start',
  end: 'End',
  all_day: 'All day',
  reminder_minutes: 'Reminder',
  time_zone: 'Time zone',
  client_id: 'Client',
  deal_id: 'Deal',
  shared_fields: 'Details to share',
  property_id: 'Property',
  propertyId: 'Property',
  files: 'A file',
  fileKeys: 'Photos',
  removeMedia: 'Photos to remove',
  shared_with: 'Share with',
  status: 'Status',
  type: 'Type',
  stage: 'Stage',
  source: 'Source',
  tags: 'Tags',
  imageOrder: 'Photo order',
  size: 'File size',
  mime_type: 'File type',
  parent_folder_id: 'Folder',
  folderId: 'Folder',
  domain: 'Custom domain',
  businessName: 'Business name',
  website_id: 'Website',
  websiteId: 'Website',
  primary: 'Primary colour',
  secondary: 'Secondary colour',
  color1: 'Primary colour',
  color2: 'Secondary colour',
  message: 'Message',
  body: 'Message',
  text: 'Message',
  plan: 'Plan',
  paymentMethod: 'Card',
  idempotencyKey: 'Request key',
  agency_name: 'Agency name',
  currency_preference: 'Currency',
  currencyPreference: 'Currency',
  measurement_metric: 'Area unit',
  preference: 'Area unit',
  search: 'Search',
  limit: 'Page size',
  cursor: 'Page',
  // listing verifications: the deed upload, its review, the owner's email
  fileKey: 'Deed document',
  submissionId: 'Deed upload',
  decision: 'Decision',
  reason: 'Reason',
  ownerEmail: "Owner's email",
};

/** `budget_max` → "Budget to"; `parent_folder_id` → "Folder". */
export function fieldLabel(field: string): string {
  const label = LABELS[field];
  if (label) return label;
  // a nested field (`pages.0.name`) is named by its last word
  const last = field.split('.').findLast((part) => !/^\d+$/.test(part)) ?? field;
  if (LABELS[last]) return LABELS[last];
  const words = last
    .replace(/_id$|Id$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * "Full name is required", "Price must be at most 1,000,000,000": a field's message as a sentence. A
 * message that is already a sentence (it starts with a capital) is said as it is.
 */
export const fieldMessage = (field: string, message: string) =>
  /^[A-Z]/.test(message) ? message : `${fieldLabel(field)} ${message}`;
