/**
 * The HTML of the local Google sign-in stand-in: a self-contained account chooser (inline CSS, no
 * external resources, no script) that looks like Google's "Choose an account" page.
 */

export interface ChooserAccount {
  name: string;
  email: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

const AVATAR_COLOURS = ['#1a73e8', '#188038', '#d93025', '#e37400', '#9334e6', '#007b83', '#c5221f'];

function avatarColour(email: string): string {
  let hash = 0;
  for (const character of email) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length]!;
}

const STYLES = `
*{box-sizing:border-box}
html,body{margin:0;min-height:100%;background:#f0f4f9;color:#1f1f1f;
  font-family:"Google Sans",Roboto,"Segoe UI",Arial,Helvetica,sans-serif}
main{display:flex;justify-content:center;align-items:flex-start;padding:48px 16px}
.card{width:100%;max-width:450px;background:#fff;border:1px solid #dadce0;border-radius:28px;padding:36px 40px 28px}
.brand{display:flex;align-items:center;gap:10px;font-size:14px;color:#444746;margin-bottom:20px}
h1{font-size:28px;font-weight:400;line-height:36px;margin:0 0 8px}
.subtitle{margin:0 0 24px;font-size:16px;color:#1f1f1f}
.subtitle strong{color:#0b57d0;font-weight:500}
ul{list-style:none;margin:0;padding:0;border-top:1px solid #e3e3e3}
li{border-bottom:1px solid #e3e3e3}
.row{display:flex;align-items:center;gap:14px;width:100%;padding:12px 8px;background:none;border:0;border-radius:0;
  font:inherit;color:inherit;text-align:left;cursor:pointer;text-decoration:none}
.row:hover{background:#f2f6fc}
.row:focus-visible,.button:focus-visible,input:focus-visible,.link:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.avatar{flex:none;width:32px;height:32px;border-radius:50%;display:grid;place-items:center;color:#fff;font-size:15px;font-weight:500}
.avatar.other{background:#fff;color:#444746;border:1px solid #c4c7c5}
.who{display:flex;flex-direction:column;min-width:0}
.name{font-size:14px;font-weight:500;color:#1f1f1f}
.email{font-size:12px;color:#444746;overflow:hidden;text-overflow:ellipsis}
.note{margin:24px 0 0;font-size:12px;line-height:18px;color:#444746}
form.add{display:flex;flex-direction:column;gap:16px}
label{display:flex;flex-direction:column;gap:6px;font-size:14px;color:#444746}
input{font:inherit;font-size:16px;padding:13px 14px;border:1px solid #747775;border-radius:4px;color:#1f1f1f}
.actions{display:flex;justify-content:flex-end;align-items:center;gap:16px;margin-top:8px}
.button{font:inherit;font-size:14px;font-weight:500;border:0;border-radius:20px;padding:10px 24px;cursor:pointer;
  background:#0b57d0;color:#fff}
.button:hover{background:#0a4fbd}
.link{font-size:14px;font-weight:500;color:#0b57d0;text-decoration:none;border-radius:4px;padding:4px}
.alert{margin:0 0 20px;padding:12px 14px;border-radius:8px;background:#fce8e6;color:#8c1d18;font-size:14px}
footer{display:flex;justify-content:space-between;max-width:450px;margin:12px auto 0;font-size:12px;color:#444746;padding:0 16px}
`;

/** A four-colour "G" mark drawn inline (no external image). */
const G_MARK = `<svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
<path d="M18.6 10.2c0-.6-.1-1.2-.2-1.8H10v3.4h4.8a4.1 4.1 0 0 1-1.8 2.7v2.2h2.9c1.7-1.6 2.7-3.9 2.7-6.5z" fill="#4285f4"/>
<path d="M10 19c2.4 0 4.5-.8 5.9-2.2L13 14.5c-.8.5-1.8.9-3 .9-2.3 0-4.3-1.6-5-3.7H2v2.3A9 9 0 0 0 10 19z" fill="#34a853"/>
<path d="M5 11.7a5.4 5.4 0 0 1 0-3.4V6H2a9 9 0 0 0 0 8z" fill="#fbbc04"/>
<path d="M10 4.6c1.3 0 2.5.5 3.4 1.3L16 3.4A9 9 0 0 0 2 6l3 2.3c.7-2.1 2.7-3.7 5-3.7z" fill="#ea4335"/>
</svg>`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<main>
<div class="card">
<div class="brand">${G_MARK}<span>Sign in with Google</span></div>
${body}
</div>
</main>
<footer><span>Local stand-in for Google sign-in</span><span>Nothing leaves this machine</span></footer>
</body>
</html>`;
}

const hiddenFields = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');

/**
 * The account chooser: one button per local Google account (posts its email), plus "Use another account"
 * (the same form as a GET with `screen=add`, which shows the name and email form).
 */
export function chooserPage(options: {
  action: string;
  params: Record<string, string>;
  accounts: ChooserAccount[];
  error?: string;
}): string {
  const rows = options.accounts
    .map(
      (account) => `<li><button class="row" type="submit" name="email" value="${escapeHtml(account.email)}">
<span class="avatar" aria-hidden="true" style="background:${avatarColour(account.email)}">${escapeHtml(
        account.name.trim().charAt(0).toUpperCase() || '?',
      )}</span>
<span class="who"><span class="name">${escapeHtml(account.name)}</span><span class="email">${escapeHtml(account.email)}</span></span>
</button></li>`,
    )
    .join('\n');
  return layout(
    'Sign in - Google Accounts',
    `<h1>Choose an account</h1>
<p class="subtitle">to continue to <strong>EstateNet</strong></p>
${options.error ? `<p class="alert" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}">
${hiddenFields(options.params)}
<ul aria-label="Google accounts">
${rows}
<li><button class="row" type="submit" formmethod="get" formnovalidate name="screen" value="add">
<span class="avatar other" aria-hidden="true">+</span>
<span class="who"><span class="name">Use another account</span></span>
</button></li>
</ul>
</form>
<p class="note">To continue, Google will share your name and email address with EstateNet.
This is the local cloud's stand-in for Google: the accounts live in <code>.data/cognito</code>.</p>`,
  );
}

/** "Use another account": name and email of a new local Google account. */
export function addAccountPage(options: {
  action: string;
  params: Record<string, string>;
  backHref: string;
  values?: { name?: string; email?: string };
  error?: string;
}): string {
  return layout(
    'Sign in - Google Accounts',
    `<h1>Sign in</h1>
<p class="subtitle">to continue to <strong>EstateNet</strong></p>
${options.error ? `<p class="alert" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form class="add" method="post" action="${escapeHtml(options.action)}">
${hiddenFields({ ...options.params, new_account: '1' })}
<label>Name<input name="name" autocomplete="name" required maxlength="100" value="${escapeHtml(options.values?.name ?? '')}"></label>
<label>Email<input name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(options.values?.email ?? '')}"></label>
<div class="actions"><a class="link" href="${escapeHtml(options.backHref)}">Back</a><button class="button" type="submit">Next</button></div>
</form>`,
  );
}

/** A sign-in error that cannot go back to the app (bad client or redirect URI), or a failed account set-up. */
export function errorPage(message: string): string {
  return layout(
    'Sign-in error',
    `<h1>Sign-in error</h1>
<p class="alert" role="alert">${escapeHtml(message)}</p>
<p class="note">Go back to EstateNet and try again.</p>`,
  );
}
