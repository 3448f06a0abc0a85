// Noto Sans Devanagari, served by the app itself (no font CDN; many desktops have no Devanagari
// font). Its @font-face rules carry the Devanagari unicode-range, so the browser downloads a
// weight only when Hindi text is on screen. Imported by the chunks that show Hindi: the quiz
// page and the admin question screen.
import "@fontsource/noto-sans-devanagari/devanagari-400.css";
import "@fontsource/noto-sans-devanagari/devanagari-500.css";
import "@fontsource/noto-sans-devanagari/devanagari-600.css";
