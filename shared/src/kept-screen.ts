/**
 * The kept screen (docs/adr/0019-kept-screen-first-paint.md): the investor's home, the packages tab, as the app last
 * drew it with fresh answers, kept on the device as HTML with the styles it uses (web/src/lib/kept-screen.ts writes
 * it). On the next open, the app shell (web/vite.config.ts) paints it at once with the inline script below, before any
 * of the app's code has loaded: only for the path it shows, only for the same signed-in user (the stored token's
 * `sub`, read without checking its signature: it only picks whose picture this device may show), and only if it is
 * less than the last-known data's maximum age old. It is painted inert (nothing on it can be tapped), over the app's
 * root, which stays hidden until the app's own screen is ready and takes its place; it says "Updated HH:mm" (or
 * "Updated MMM dd, HH:mm" when not today) as the app says it of kept data. The site's CSP allows this script by its
 * hash (infra/lib/web-stack.ts).
 */

/** The localStorage key of the kept screen: `{ userId, at, html, css }`. */
export const KEPT_SCREEN_KEY = "keptScreen";

/** The id of the element the kept screen is painted in, until the app removes it. */
export const KEPT_SCREEN_ID = "kept-screen";

/** The paths that show the packages tab: the dashboard's own path redirects there. */
export const KEPT_SCREEN_PATH = /^\/dashboard(\/packages)?\/?$/;

/** Kept this long at most, as the last-known data (web/src/lib/last-known.ts). */
export const KEPT_SCREEN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export const KEPT_SCREEN_PAINT = `(function(){try{var k=JSON.parse(localStorage.getItem("${KEPT_SCREEN_KEY}")||"null"),t=localStorage.getItem("token"),r=document.getElementById("root");if(!k||!t||!r||!${KEPT_SCREEN_PATH}.test(location.pathname)||!(Date.now()-k.at<${KEPT_SCREEN_MAX_AGE_MS}))return;if(JSON.parse(atob(t.split(".")[1].replace(/-/g,"+").replace(/_/g,"/"))).sub!==k.userId)return;var d=new Date(k.at),n=new Date(),z=function(x){return(x<10?"0":"")+x},e=document.createElement("div"),b=document.createElement("p");e.id="${KEPT_SCREEN_ID}";e.inert=true;e.setAttribute("aria-hidden","true");e.style.cssText="position:absolute;top:0;left:0;width:100%";e.innerHTML="<style>"+k.css+"</style>"+k.html;b.textContent="Updated "+(d.toDateString()===n.toDateString()?"":"JanFebMarAprMayJunJulAugSepOctNovDec".substr(d.getMonth()*3,3)+" "+z(d.getDate())+", ")+z(d.getHours())+":"+z(d.getMinutes());b.style.cssText="position:fixed;bottom:16px;left:50%;transform:translateX(-50%);margin:0;padding:4px 12px;border-radius:999px;background:#1f2937;color:#fff;font:500 14px/20px system-ui,sans-serif";e.appendChild(b);r.style.visibility="hidden";document.body.insertBefore(e,r)}catch(x){}})();`;
