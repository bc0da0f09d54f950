// The game cards are styled with @nova/ui's theme, which the app provides (its tokens type Emotion's theme).
import '@nova/ui/theme';
