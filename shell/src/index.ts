// The async boundary: shared modules are negotiated before any of them is imported. `eager` keeps the bootstrap
// in the main chunk (every shell singleton it uses is eager), so starting the app costs no extra round trip.
import(/* webpackMode: "eager" */ './bootstrap');
