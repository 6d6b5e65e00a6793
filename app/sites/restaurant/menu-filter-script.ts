/**
 * The restaurant page's one inline script: the dietary filter applied as the visitor ticks a
 * box, without a reload. The page works without it (the filter is a GET form, and the server
 * renders the dishes that do not match `hidden`); the script only does the same at once. It
 * applies the rule of `matchesMenuFilter` (app/lib/dietary.ts) to each dish's
 * `data-dietary` (its allergen and diet keys, space-separated): a dish shows when it has
 * every chosen diet and none of the keys to avoid. The count it writes is the one
 * `filterCountText` makes on the server.
 *
 * It runs where it stands, before the menu is parsed: the dishes are looked up when a box
 * changes, not before. Hand-written and small (about 0.5 KB gzip): it runs under the public pages' policy by its
 * SHA-256 (app/server/http/security-headers.server.ts), so its text must stay one constant.
 */
export const MENU_FILTER_SCRIPT = `(function(){var f=document.getElementById("menu-filter");if(!f||!window.FormData)return;var d=document,count=d.getElementById("menu-filter-count"),none=d.getElementById("menu-filter-none"),apply=f.querySelector("[data-apply]");if(apply)apply.hidden=true;function has(t,k){return t.indexOf(" "+k+" ")>=0}function run(){var items=d.querySelectorAll("[data-dietary]"),fd=new FormData(f),want=fd.getAll("diet"),avoid=fd.getAll("avoid"),n=0,q=new URLSearchParams();items.forEach(function(li){var t=" "+li.getAttribute("data-dietary")+" ",ok=want.every(function(k){return has(t,k)})&&!avoid.some(function(k){return has(t,k)});li.hidden=!ok;if(ok)n++});d.querySelectorAll(".menu-section").forEach(function(s){s.hidden=!s.querySelector("[data-dietary]:not([hidden])")});var on=want.length+avoid.length>0;count.textContent="Showing "+n+" of "+items.length+(items.length===1?" dish.":" dishes.");count.hidden=!on||n===0;none.hidden=!on||n>0;want.forEach(function(k){q.append("diet",k)});avoid.forEach(function(k){q.append("avoid",k)});var s=q.toString();history.replaceState(null,"",location.pathname+(s?"?"+s:"")+location.hash)}f.addEventListener("change",run);f.addEventListener("submit",function(e){e.preventDefault();run()});d.querySelectorAll("[data-clear]").forEach(function(a){a.addEventListener("click",function(e){e.preventDefault();f.querySelectorAll("input").forEach(function(i){i.checked=false});run()})})})();`;
